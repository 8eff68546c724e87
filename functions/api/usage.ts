// The student's monthly usage: each metered feature's counter this month against the plan's
// limit, and which premium-only features the plan includes (the web app's meters and gates).
import { userRoute } from '../platform/http.js';
import { usageOverview } from '../platform/usage.js';

export const getUsage = userRoute({}, async ({ user }) => usageOverview(user.id, new Date()));
