// The shape of `config.json`, the runtime configuration the web app loads at start. The CDK web
// construct deploys it beside the app; the laptop host serves it at the same path. One build of
// the app serves every stage.
import { z } from 'zod';

export const webConfigSchema = z.object({
  stage: z.enum(['local', 'cloud']),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Laptop only: where Amplify sends Cognito calls (the host's shim in front of cognito-local). */
  userPoolEndpoint: z.string().url().optional(),
  /** Base of the HTTP API, usually `/api` on the same origin. */
  apiUrl: z.string().min(1),
  /** Cognito hosted-UI settings when Google federation is configured. */
  oauth: z
    .object({
      domain: z.string().min(1),
      redirectSignIn: z.string().url(),
      redirectSignOut: z.string().url(),
      scopes: z.array(z.string()).default(['openid', 'email', 'profile']),
    })
    .optional(),
  /** Laptop only: the dev mailbox page. */
  mailboxUrl: z.string().optional(),
});

export type WebConfig = z.infer<typeof webConfigSchema>;
