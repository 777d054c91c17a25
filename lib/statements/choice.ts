/**
 * Checks on a statement of the answer to a question that offers a choice ("Which is healthier, tea or coffee?", "Which is deeper, the
 * Atlantic or the Pacific?"): the answer's "both", "neither" or "of the two" stands for the options, which the statement must name; and
 * on the question's words put after the answer's closing parenthesis. From the bad statements of issue 23's flags-29 batch. Kept apart
 * from ./placement.ts: each check is a few substring tests, so it costs nothing on statements it does not concern.
 */

/** "Which is healthier, tea or coffee?": the options a choice question names after its comma, lower-cased. */
function offeredOptions(question: string): [string, string] | undefined {
  const m = /,\s*((?:the |a |an )?[\w'’ -]{2,40}?) or ((?:the |a |an )?[\w'’ -]{2,40}?)\s*\?\s*$/i.exec(question);
  return m ? [m[1].toLowerCase(), m[2].toLowerCase()] : undefined;
}

/**
 * Why a person should look at `own` (the statement's own sentences) as the statement of `answer` to a choice `question`, or at the
 * question's words it puts after the answer's parenthesis ("Both are fine, honestly." to "Which is healthier, tea or coffee?" gives
 * `context: "Both" stands for the question's "tea" and "coffee"`; test/statements-chat-7.test.ts checks it).
 */
export function choiceDoubts(own: string, question: string, answer: string): string[] {
  const out: string[] = [];
  const options = question.includes(" or ") ? offeredOptions(question) : undefined;
  if (options) {
    // (In the statement's first sentence, where "both" stands: "Both are fine. Tea has less caffeine, …" names them too late.)
    const lower = own.split(/(?<=[.!?])\s+(?=[A-Z])/, 1)[0].toLowerCase();
    const named = options.some((o) => lower.includes(o.replace(/^(?:the|a|an) /, "")));
    const both = /^\s*(both|neither|either)\b/i.exec(own)?.[1];
    if (both && !named) out.push(`context: "${both}" stands for the question's "${options[0]}" and "${options[1]}"`);
    else if (lower.includes(" of the two") && !question.toLowerCase().includes("of the two") && options.some((o) => !lower.includes(o)))
      out.push('context: "of the two" without the question\'s two');
  }
  // "… though some counts differ (Western Sahara is disputed, for example) in Africa.": the question's words after the answer's parenthesis.
  if (own.includes(") ")) {
    // (After an aside with a verb of its own: "(21 hours and 36 minutes) on the lunar surface" reads.)
    const after = /\([^()]*\b(?:is|are|was|were|has|have|had)\b[^()]*\)\s+((?:in|on|at|for|of|to|from|with) [^.()]{2,40})\.?\s*$/.exec(
      own.split(/(?<=[.!?])\s+(?=[A-Z])/, 1)[0],
    );
    if (after && question.includes(after[1]) && !answer.includes(after[1]))
      out.push("reads: the question's words after the answer's parenthesis");
  }
  return out;
}
