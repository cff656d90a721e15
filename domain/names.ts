// How lists sort names (issue 46 point 9). Persons as Dutch address books and the Dutch phone book do: by
// surname, the tussenvoegsel left out ('Jan de Vries' under V, as 'Vries, Jan de'); that is the rule in the
// Netherlands (in Belgium the prefix counts: 'De Vries' under D). Company names as they are written: a trade
// name is one name (the KvK register and business directories list 'De Boer Transport' under D). Both ignore
// case, accents and extra spaces. The database computes the keys (migration 20261204T1800-name-sort, which
// builds its functions from this file); personSortKey and companySortKey are the same rules in TypeScript.

/** The tussenvoegsels of Dutch surnames (and the foreign particles common in the Netherlands), lowercase. */
export const NAME_PREFIXES: readonly string[] = [
  'van',
  'de',
  'den',
  'der',
  'het',
  "'t",
  'te',
  'ten',
  'ter',
  'van de',
  'van den',
  'van der',
  'van het',
  "van 't",
  'van ter',
  'van ten',
  'in de',
  'in den',
  'in der',
  'in het',
  "in 't",
  'op de',
  'op den',
  'op der',
  'op het',
  "op 't",
  'op ten',
  'aan de',
  'aan den',
  'aan der',
  'aan het',
  "aan 't",
  'bij de',
  'bij den',
  'bij het',
  "bij 't",
  'uit de',
  'uit den',
  'uit het',
  "uit 't",
  'voor de',
  'voor den',
  "voor in 't",
  'onder de',
  'onder den',
  'over de',
  'tot de',
  'la',
  'le',
  'du',
  'des',
  'da',
  'dos',
  'del',
  'della',
  'von',
  'von der',
  'zu',
];

/** Accented letters and their plain ones, upper and lower case, and the curly apostrophes as straight ones. */
export const FOLD_FROM = 'àáâãäåèéêëìíîïòóôõöøùúûüýÿçñÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖØÙÚÛÜÝŸÇÑ’‘`';
export const FOLD_TO = "aaaaaaeeeeiiiioooooouuuuyycnaaaaaaeeeeiiiioooooouuuuyycn'''";

/** One prefix or a run of them ('van de' and 'in het', but also a run the list lacks, such as 'van de la'). */
export function prefixRunPattern(): string {
  const phrases = [...NAME_PREFIXES].sort((a, b) => b.length - a.length).join('|');
  return `(?:${phrases})(?: (?:${phrases}))*`;
}

const fold = (text: string): string => {
  let out = '';
  for (const ch of text.trim().replace(/\s+/g, ' ')) {
    const at = FOLD_FROM.indexOf(ch);
    out += at < 0 ? ch : FOLD_TO[at];
  }
  return out.toLowerCase();
};

/** A company's key: its name without case, accents or extra spaces. */
export const companySortKey = (name: string): string => fold(name);

/**
 * A person's key from a full name ('Jan de Vries' → 'vries jan de'): surname, given names, tussenvoegsel. The
 * surname starts at the first prefix after the first word, else it is the last word.
 */
export function personSortKey(fullName: string): string {
  const name = fold(fullName);
  const withPrefix = new RegExp(`^(.+?) (${prefixRunPattern()}) (\\S.*)$`).exec(name);
  if (withPrefix) return `${withPrefix[3]} ${withPrefix[1]} ${withPrefix[2]}`;
  const plain = /^(.*) (\S+)$/.exec(name);
  return plain ? `${plain[2]} ${plain[1]}` : name;
}

/** A person's key from the two parts of a contact's name: the tussenvoegsel is the start of the last name. */
export function contactSortKey(firstName: string, lastName: string): string {
  const last = fold(lastName);
  const prefixed = new RegExp(`^(${prefixRunPattern()}) (\\S.*)$`).exec(last);
  return prefixed ? `${prefixed[2]} ${fold(firstName)} ${prefixed[1]}` : `${last} ${fold(firstName)}`;
}
