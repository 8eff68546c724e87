// Liveness of the API.
import { publicRoute } from '../platform/http.js';

export const health = publicRoute({}, async () => ({ ok: true }));
