/** Minimal English verb inflection for undoing do-support ("What does X cause?" → "X causes …"). */

const IRREGULAR_PAST: Record<string, string> = {
  be: "was", become: "became", begin: "began", break: "broke", bring: "brought", build: "built", buy: "bought",
  catch: "caught", choose: "chose", come: "came", cut: "cut", do: "did", draw: "drew", drink: "drank", drive: "drove",
  eat: "ate", fall: "fell", feel: "felt", fight: "fought", find: "found", fly: "flew", forget: "forgot", freeze: "froze",
  get: "got", give: "gave", go: "went", grow: "grew", have: "had", hear: "heard", hide: "hid", hit: "hit", hold: "held",
  keep: "kept", know: "knew", lay: "laid", lead: "led", leave: "left", lend: "lent", let: "let", lie: "lay", lose: "lost",
  make: "made", mean: "meant", meet: "met", pay: "paid", put: "put", read: "read", ride: "rode", ring: "rang", rise: "rose",
  run: "ran", say: "said", see: "saw", sell: "sold", send: "sent", set: "set", shake: "shook", shine: "shone",
  shoot: "shot", show: "showed", sing: "sang", sink: "sank", sit: "sat", sleep: "slept", speak: "spoke", spend: "spent",
  split: "split", spread: "spread", stand: "stood", steal: "stole", stick: "stuck", strike: "struck", swim: "swam",
  take: "took", teach: "taught", tell: "told", think: "thought", throw: "threw", understand: "understood", wake: "woke",
  wear: "wore", win: "won", write: "wrote", undergo: "underwent", withdraw: "withdrew", overthrow: "overthrew",
  seek: "sought", slay: "slew", arise: "arose", bear: "bore", beat: "beat", bind: "bound", bite: "bit", blow: "blew",
};

/** Third person singular present: cause → causes, carry → carries, go → goes, have → has. */
export function thirdPerson(verb: string): string {
  const v = verb.toLowerCase();
  if (v === "have") return "has";
  if (v === "be") return "is";
  if (v === "do") return "does";
  if (v === "go") return "goes";
  if (/[^aeiou]y$/.test(v)) return `${verb.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z|o)$/.test(v)) return `${verb}es`;
  return `${verb}s`;
}

/** Simple past: cause → caused, stop → stopped (short CVC), carry → carried, irregulars from a list. */
export function pastTense(verb: string): string {
  const v = verb.toLowerCase();
  if (v in IRREGULAR_PAST) return IRREGULAR_PAST[v];
  if (v.endsWith("e")) return `${verb}d`;
  if (/[^aeiou]y$/.test(v)) return `${verb.slice(0, -1)}ied`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(v)) return `${verb}${v.at(-1)}ed`;
  return `${verb}ed`;
}
