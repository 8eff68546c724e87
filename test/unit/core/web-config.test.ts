// config.json's checker (functions/core/web-config.ts): what the laptop host and the cloud write is
// read back whole, scopes get their default, and a wrong file is refused with every wrong field named.
import { describe, expect, it } from 'vitest';
import { parseWebConfig } from '../../../functions/core/web-config.js';

const base = { stage: 'cloud', region: 'eu-west-3', userPoolId: 'eu-west-3_abc', userPoolClientId: 'client', apiUrl: '/api' };

describe('config.json', () => {
  it('reads a cloud and a laptop configuration as written', () => {
    expect(parseWebConfig(base)).toEqual(base);
    const local = { ...base, stage: 'local', userPoolEndpoint: 'http://localhost:3000/cognito', mailboxUrl: '/dev/mailbox' };
    expect(parseWebConfig(local)).toEqual(local);
  });

  it('gives the hosted UI its default scopes, and keeps given ones', () => {
    const oauth = { domain: 'revise.auth.eu-west-3.amazoncognito.com', redirectSignIn: 'https://revise.example/auth/callback', redirectSignOut: 'https://revise.example/' };
    expect(parseWebConfig({ ...base, oauth }).oauth).toEqual({ ...oauth, scopes: ['openid', 'email', 'profile'] });
    expect(parseWebConfig({ ...base, oauth: { ...oauth, scopes: ['openid'] } }).oauth?.scopes).toEqual(['openid']);
  });

  it('refuses a wrong file, naming each wrong field', () => {
    expect(() => parseWebConfig(null)).toThrow('config.json: expected an object');
    expect(() => parseWebConfig([base])).toThrow('expected an object');
    expect(() => parseWebConfig({ ...base, stage: 'prod', region: '', userPoolEndpoint: 'not a url' })).toThrow(
      "config.json: stage: expected 'local' or 'cloud'; region: must not be empty; userPoolEndpoint: expected a URL",
    );
    expect(() => parseWebConfig({ ...base, userPoolClientId: 42 })).toThrow('userPoolClientId: expected a string');
    expect(() => parseWebConfig({ ...base, oauth: { domain: 'x', redirectSignIn: 'https://a.example/', redirectSignOut: '/', scopes: 'openid' } })).toThrow(
      'oauth.redirectSignOut: expected a URL; oauth.scopes: expected a list of strings',
    );
  });
});
