/** The shortest 投标解密口令 the form accepts. */
export const MIN_PASSPHRASE_LENGTH = 8;

export interface PassphraseStrength {
  level: 0 | 1 | 2 | 3;
  label: '太短' | '弱' | '中' | '强';
}

/**
 * A rough strength hint: length and the kinds of characters used. PBKDF2 with 600,000 rounds
 * slows guessing, but only a long, varied passphrase keeps a price safe until the opening.
 */
export function passphraseStrength(passphrase: string): PassphraseStrength {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) return { level: 0, label: '太短' };
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(passphrase)).length;
  const score = kinds + (passphrase.length >= 12 ? 1 : 0) + (passphrase.length >= 16 ? 1 : 0);
  if (score >= 5) return { level: 3, label: '强' };
  if (score >= 3) return { level: 2, label: '中' };
  return { level: 1, label: '弱' };
}
