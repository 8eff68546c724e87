// A student's e-mail address from the user pool, by their id (the `sub` the profile is keyed by).
// The pool here behaves as Cognito does (not as cognito-local, which also finds a user by `sub`
// when asked for a username): AdminGetUser knows usernames and the e-mail alias only, and
// ListUsers filters on one attribute exactly. A student who came through Google has the username
// `Google_{id}`, which is not their `sub`.
import { beforeEach, describe, expect, it, vi } from 'vitest';

interface PoolUser {
  Username: string;
  Attributes: { Name: string; Value: string }[];
}

const pool: PoolUser[] = [];
const calls: string[] = [];

const attr = (u: PoolUser, name: string) => u.Attributes.find((a) => a.Name === name)?.Value;
const notFound = () => Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });

const cognitoLike = {
  async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
    const { input } = command;
    const kind = command.constructor.name.replace(/Command$/, '');
    calls.push(kind);
    if (input.UserPoolId !== 'eu-west-3_pool') throw Object.assign(new Error('pool'), { name: 'ResourceNotFoundException' });
    if (kind === 'AdminGetUser') {
      const user = pool.find((u) => u.Username === input.Username || attr(u, 'email') === input.Username);
      if (!user) throw notFound();
      return { Username: user.Username, UserAttributes: user.Attributes };
    }
    if (kind === 'ListUsers') {
      const m = /^(\w+) = "((?:[^"\\]|\\.)*)"$/.exec(String(input.Filter ?? ''));
      if (!m) throw Object.assign(new Error('bad filter'), { name: 'InvalidParameterException' });
      const value = m[2].replace(/\\(.)/g, '$1');
      const users = pool.filter((u) => (m[1] === 'username' ? u.Username : attr(u, m[1])) === value);
      return { Users: users.slice(0, Number(input.Limit ?? 60)).map((u) => ({ Username: u.Username, Attributes: u.Attributes })) };
    }
    throw new Error(`unexpected ${kind}`);
  },
};

vi.mock('../../../functions/platform/clients.js', () => ({ identity: () => cognitoLike }));
vi.mock('../../../functions/platform/config.js', () => ({ config: () => ({ USER_POOL_ID: 'eu-west-3_pool' }) }));

const { verifiedAddress, subFilter } = await import('../../../functions/platform/users.js');

const user = (username: string, sub: string, email: string, verified: boolean): PoolUser => ({
  Username: username,
  Attributes: [
    { Name: 'sub', Value: sub },
    { Name: 'email', Value: email },
    { Name: 'email_verified', Value: String(verified) },
  ],
});

describe("a student's verified address", () => {
  beforeEach(() => {
    pool.length = 0;
    calls.length = 0;
    pool.push(
      user('5f0c1a2e-0000-4000-8000-000000000001', '5f0c1a2e-0000-4000-8000-000000000001', 'lea@example.com', true),
      user('Google_104857362910458362', '9b7d4c1f-0000-4000-8000-000000000002', 'tom.google@example.com', true),
      user('c3a1e0d4-0000-4000-8000-000000000003', 'c3a1e0d4-0000-4000-8000-000000000003', 'unverified@example.com', false),
    );
  });

  it('is found for a student who signed in with Google, whose username is not their id', async () => {
    expect(await verifiedAddress('9b7d4c1f-0000-4000-8000-000000000002')).toBe('tom.google@example.com');
  });

  it('is found for a student who signed up with an e-mail address', async () => {
    expect(await verifiedAddress('5f0c1a2e-0000-4000-8000-000000000001')).toBe('lea@example.com');
  });

  it('is null for an unverified address and for a student no longer in the pool', async () => {
    expect(await verifiedAddress('c3a1e0d4-0000-4000-8000-000000000003')).toBeNull();
    expect(await verifiedAddress('00000000-0000-4000-8000-00000000dead')).toBeNull();
  });

  it('takes one read of the pool and cannot be widened by a crafted id', async () => {
    await verifiedAddress('5f0c1a2e-0000-4000-8000-000000000001');
    expect(calls).toEqual(['ListUsers']);
    expect(subFilter('a" or email = "b')).toBe('sub = "a\\" or email = \\"b"');
    expect(await verifiedAddress('a" or email = "lea@example.com')).toBeNull();
  });
});
