/**
 * The person a wrong-person answer points to ("the owner is Sarah", "ask my manager Lisa", "talk to
 * our CEO, Maria Lopez", "try info@acme.com"), kept on the conversation for a person to act on.
 * A name is a capitalised word (and a capitalised surname after it) right after a word that hands
 * over ("to", "ask", "is", a role, a comma); an e-mail address when no name is given.
 */

const HAND_OVER = new Set([
  ',',
  'to',
  'ask',
  'contact',
  'try',
  'is',
  'named',
  'called',
  'with',
  'colleague',
  'partner',
  'manager',
  'boss',
  'owner',
  'founder',
  'director',
  'lead',
  'head',
]);

const NOT_NAMES = new Set(
  (
    "I Im I’m I'm Hi Hey Hello Sorry Thanks Thank The Our My We You He She They It This That " +
    'Please Just No Not Yes Ok Okay But And Or So Also Try Ask Talk Contact ' +
    'January February March April May June July August September October November December ' +
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday'
  ).split(' '),
);

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

function isName(token: string | undefined): token is string {
  return token !== undefined && /^\p{Lu}\p{Ll}+$/u.test(token) && !NOT_NAMES.has(token);
}

export function findReferral(text: string): string | null {
  const tokens = text.match(/[\p{L}\p{M}'’-]+|[,.!?;:()]/gu) ?? [];
  for (let i = 1; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!isName(token) || !HAND_OVER.has((tokens[i - 1] ?? '').toLowerCase())) continue;
    const surname = tokens[i + 1];
    return isName(surname) ? `${token} ${surname}` : token;
  }
  return text.match(EMAIL)?.[0] ?? null;
}
