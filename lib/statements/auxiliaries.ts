/**
 * English auxiliary verbs, listed once for the question parser, the answer analysis and the
 * well-formedness check, each of which takes the forms it needs: the bare forms, the clitics a
 * tokenizer splits off ('s, 're, ca|n't, wo|n't), and the negated forms as one word (isn't).
 */

export const BE_FORMS = ["is", "are", "was", "were", "am"] as const;
export const DO_FORMS = ["do", "does", "did"] as const;
export const HAVE_FORMS = ["has", "have", "had"] as const;
export const MODALS = ["can", "could", "will", "would", "shall", "should", "may", "might", "must"] as const;
/** What a tokenizer leaves of "can't" and "won't" before n't. */
export const NEGATED_MODAL_STEMS = ["ca", "wo"] as const;
/** Contracted auxiliaries as separate tokens ("it's" → it + 's). */
export const CONTRACTED_AUXILIARIES = ["'s", "'re", "'m", "'ve", "'d", "'ll"] as const;

/** Every finite auxiliary in its bare form: be, do, have, the modals. */
export const FINITE_AUXILIARIES: readonly string[] = [...BE_FORMS, ...DO_FORMS, ...HAVE_FORMS, ...MODALS];

/** The negated one-word forms of the finite auxiliaries that English has ("isn't", "won't"; not "mayn't" nor "amn't"). */
export const NEGATED_AUXILIARIES: readonly string[] = [
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "don't",
  "doesn't",
  "didn't",
  "can't",
  "couldn't",
  "won't",
  "wouldn't",
  "shouldn't",
  "hasn't",
  "haven't",
  "hadn't",
];
