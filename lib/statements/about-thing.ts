/**
 * "What's special about Telstar 1?", "Tell me something interesting about the platypus.": a question that asks for any fact about a
 * thing. The answer's fact is said of the thing with a pronoun ("It was the first satellite to relay live TV", "In 1962 it relayed …"),
 * and the statement is that fact with the thing named where the pronoun stood ("Telstar 1 was the first satellite to relay live TV."),
 * as an annotator writes it. The question's "something special" is not the subject: "Something special about Telstar 1 was the first
 * satellite …" says what the answer did not. Used by ./builtin.ts, whose `reformulate` is the entry point:
 * `reformulate("What's special about Telstar 1?", "It was the first satellite to relay live TV.")` gives "Telstar 1 was the first
 * satellite to relay live TV."
 */

import { isPluralPhrase, tokenizePhrase } from "./answer.js";

/** The question's asking words and the quality asked for, then the thing it is asked of (the one group). */
const ABOUT_THING =
  /^\s*(?:(?:so|and|ok|okay),?\s+)?(?:what(?:['’]s| is| was| makes)(?: so)?|(?:can you )?tell me(?: something| one thing| a fact| a fun fact| an interesting fact)?|name something|give me (?:a|one) (?:fact|thing))\s+(?:really |so |most |particularly |especially )?(?:special|unique|interesting|notable|remarkable|significant|unusual|distinctive|fascinating|surprising|amazing|different)(?: (?:fact|thing))? about (.+?)\s*[?.!]?\s*$/i;

/** The answer's opening phrase (a year, a place: "In 1962 "), then its subject pronoun and the rest of its first clause. */
const PRONOUN_SUBJECT =
  /^((?:(?:in|on|at|during|since|by|after|before|with) [^,;:—–.]{1,40}?,? )?)(it|they|he|she)(['’]s|['’]re|['’]ll| (?!is\b|are\b|was\b|were\b)(?:(?:also|even|still|actually|really|once|only|often|famously|first|originally) )?[a-z]+| (?:is|are|was|were))\b/i;

/** Verbs after "it" that say nothing of the thing ("It depends", "It varies"): the rules judge those. */
const NOT_OF_THE_THING = /^ (?:depends|varies|depend|vary|seems|turns)$/i;

/** The thing a question asks any fact about ("Telstar 1" of "What's special about Telstar 1?"), or undefined for another question. */
export function askedThing(question: string): string | undefined {
  return ABOUT_THING.exec(question.trim())?.[1].replace(/[?.!]+$/, "");
}

/** The statement with the thing named, or undefined when the question asks something else or the answer names no pronoun first. */
export function aboutThingStatement(question: string, answer: string): string | undefined {
  const thing = askedThing(question);
  if (thing === undefined) return undefined;
  const said = answer.trim().replace(/^\*\*|\*\*$/g, "");
  const m = PRONOUN_SUBJECT.exec(said);
  if (!m || NOT_OF_THE_THING.test(m[3]) || thing.split(/\s+/).length > 10) return undefined;
  // (The pronoun's number is the thing's: "they" for "koalas", "it" for "Venice" or "the platypus".)
  const plural = isPluralPhrase(tokenizePhrase(thing));
  if ((m[2].toLowerCase() === "they") !== plural) return undefined;
  // (The thing with the article it had in the question, capitalised where it opens the statement.)
  const opens = m[1] === "";
  const named = opens ? thing[0].toUpperCase() + thing.slice(1) : thing;
  const verb = /^['’]s$/.test(m[3]) ? " is" : /^['’]re$/.test(m[3]) ? " are" : /^['’]ll$/.test(m[3]) ? " will" : m[3];
  const lead = m[1] === "" ? "" : m[1][0].toUpperCase() + m[1].slice(1);
  return `${lead}${named}${verb}${said.slice(m[0].length)}`;
}
