// Secrets, read once per process (a Lambda cold start): from the SSM SecureString parameter when the
// function was given its name, from Secrets Manager when it was given a secret's name (the cloud),
// else from the value the host put in the environment (the laptop). A secret that is none of these
// is an AppError the caller maps to "not configured"; its value is never logged.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { AppError } from '../core/errors.js';
import { config, type Config } from './config.js';
import { secretParameterVariable, secrets, type SecretKey } from './secret-names.js';

export { secrets, type SecretKey } from './secret-names.js';

let cache: { config: Config; values: Map<SecretKey, Promise<string>>; client?: SecretsManagerClient; ssm?: SSMClient } | undefined;

function state() {
  const c = config();
  if (cache?.config !== c) cache = { config: c, values: new Map() };
  return cache;
}

async function read(key: SecretKey): Promise<string> {
  const s = state();
  const def = secrets[key];
  const env = s.config as unknown as Record<string, string | undefined>;
  const variable = secretParameterVariable(key);
  const parameter = variable ? env[variable] : undefined;
  if (parameter) {
    s.ssm ??= new SSMClient({ region: s.config.AWS_REGION, endpoint: s.config.SSM_ENDPOINT });
    const out = await s.ssm.send(new GetParameterCommand({ Name: parameter, WithDecryption: true }));
    const value = out.Parameter?.Value?.trim();
    if (!value) throw new Error(`Secret ${key} (parameter ${parameter}) has no value`);
    return value;
  }
  const id = env[def.idVariable];
  if (id) {
    s.client ??= new SecretsManagerClient({ region: s.config.AWS_REGION, endpoint: s.config.SECRETS_MANAGER_ENDPOINT });
    const out = await s.client.send(new GetSecretValueCommand({ SecretId: id }));
    const value = out.SecretString?.trim();
    if (!value) throw new Error(`Secret ${key} (${id}) has no text value`);
    return value;
  }
  const value = env[def.valueVariable];
  if (value) return value;
  throw new AppError('not_configured', { what: key });
}

/** The secret's value, read once per process; a failed read is tried again next time. */
export function secretValue(key: SecretKey): Promise<string> {
  const s = state();
  let value = s.values.get(key);
  if (!value) {
    value = read(key);
    s.values.set(key, value);
    value.catch(() => {
      if (s.values.get(key) === value) s.values.delete(key);
    });
  }
  return value;
}
