// The shape of `config.json`, the runtime configuration the web app loads at start. The CDK web
// construct deploys it beside the app; the laptop host serves it at the same path. One build of
// the app serves every stage. Checked by hand rather than with a schema library: the app checks it
// before its first render, and the landing's start-up scripts stay without one (about 24 KiB
// gzipped and its set-up time on a phone).

export interface WebConfig {
  stage: 'local' | 'cloud';
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Laptop only: where Amplify sends Cognito calls (the host's shim in front of cognito-local). */
  userPoolEndpoint?: string;
  /** Base of the HTTP API, usually `/api` on the same origin. */
  apiUrl: string;
  /** Cognito hosted-UI settings when Google federation is configured. */
  oauth?: {
    domain: string;
    redirectSignIn: string;
    redirectSignOut: string;
    /** `openid`, `email` and `profile` when not given. */
    scopes: string[];
  };
  /** Laptop only: the dev mailbox page. */
  mailboxUrl?: string;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Reads the fields of one object, noting each problem as `path: what is wrong`. */
function reader(value: Fields, at: string, problems: string[]) {
  const where = (key: string) => (at ? `${at}.${key}` : key);
  const text = (key: string, rule: 'non-empty' | 'url' | 'any', optional = false): string | undefined => {
    const field = value[key];
    if (field === undefined && optional) return undefined;
    if (typeof field !== 'string') problems.push(`${where(key)}: expected a string`);
    else if (rule === 'non-empty' && field.length === 0) problems.push(`${where(key)}: must not be empty`);
    else if (rule === 'url' && !isUrl(field)) problems.push(`${where(key)}: expected a URL`);
    else return field;
    return undefined;
  };
  return { text };
}

/** The configuration if `value` is one, else an error naming every field that is wrong. */
export function parseWebConfig(value: unknown): WebConfig {
  if (!isObject(value)) throw new Error('config.json: expected an object');
  const problems: string[] = [];
  const { text } = reader(value, '', problems);
  const stage = value.stage;
  if (stage !== 'local' && stage !== 'cloud') problems.push("stage: expected 'local' or 'cloud'");
  const config: WebConfig = {
    stage: stage as WebConfig['stage'],
    region: text('region', 'non-empty') ?? '',
    userPoolId: text('userPoolId', 'non-empty') ?? '',
    userPoolClientId: text('userPoolClientId', 'non-empty') ?? '',
    apiUrl: text('apiUrl', 'non-empty') ?? '',
  };
  const endpoint = text('userPoolEndpoint', 'url', true);
  if (endpoint !== undefined) config.userPoolEndpoint = endpoint;
  const mailbox = text('mailboxUrl', 'any', true);
  if (mailbox !== undefined) config.mailboxUrl = mailbox;
  if (value.oauth !== undefined) {
    if (!isObject(value.oauth)) problems.push('oauth: expected an object');
    else {
      const oauth = reader(value.oauth, 'oauth', problems);
      const fields = {
        domain: oauth.text('domain', 'non-empty') ?? '',
        redirectSignIn: oauth.text('redirectSignIn', 'url') ?? '',
        redirectSignOut: oauth.text('redirectSignOut', 'url') ?? '',
      };
      const scopes = value.oauth.scopes ?? ['openid', 'email', 'profile'];
      const listed = Array.isArray(scopes) && scopes.every((s) => typeof s === 'string');
      if (!listed) problems.push('oauth.scopes: expected a list of strings');
      config.oauth = { ...fields, scopes: listed ? [...(scopes as string[])] : [] };
    }
  }
  if (problems.length > 0) throw new Error(`config.json: ${problems.join('; ')}`);
  return config;
}
