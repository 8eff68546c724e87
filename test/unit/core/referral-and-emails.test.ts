import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateReferralCode, normalizeReferralCode, REFERRAL_CODE_LENGTH } from '../../../functions/core/referral.js';
import { renderEmail } from '../../../functions/core/emails.js';
import { errorMessage, toLang } from '../../../functions/core/errors.js';

describe('referral codes', () => {
  it('are upper-case, unambiguous and of fixed length', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateReferralCode((n) => randomBytes(n));
      expect(code).toMatch(new RegExp(`^[A-HJ-NP-Z2-9]{${REFERRAL_CODE_LENGTH}}$`));
    }
  });

  it('compare as students type them', () => {
    expect(normalizeReferralCode('  ab12cd34 ')).toBe('AB12CD34');
  });
});

describe('e-mails', () => {
  it('sign-up mail carries the code and a link that submits it', () => {
    const mail = renderEmail({ kind: 'signup', code: '123456', email: 'léa+test@example.fr', appUrl: 'https://revise.example/', lang: 'fr' });
    expect(mail.subject).toContain('code de vérification');
    expect(mail.html).toContain('123456');
    expect(mail.html).toContain('https://revise.example/?verification_code=123456&amp;email=l%C3%A9a%2Btest%40example.fr');
  });

  it("keeps Cognito's code placeholder literal so Cognito can fill it", () => {
    const mail = renderEmail({ kind: 'forgot_password', code: '{####}', email: 'a@b.fr', appUrl: 'https://revise.example', lang: 'en' });
    expect(mail.subject).toBe('Révise: reset your password');
    expect(mail.html).toContain('/reset-password?code={####}&amp;email=a%40b.fr');
  });
});

describe('error catalogue', () => {
  it('fills parameters in the spec wording', () => {
    expect(errorMessage('referral_code_unknown', 'fr', { code: 'XYZ' })).toBe('Aucun utilisateur trouvé avec ce code de parrainage: XYZ');
  });

  it('falls back to French for anything but en', () => {
    expect(toLang('en')).toBe('en');
    expect(toLang('de')).toBe('fr');
    expect(toLang(undefined)).toBe('fr');
  });
});
