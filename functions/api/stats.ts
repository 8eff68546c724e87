// The landing page's counter of students who tried Révise (profile count plus 600).
import { publicRoute } from '../platform/http.js';
import { profilesCreated } from '../platform/store/profiles.js';

export const LANDING_COUNTER_OFFSET = 600;

export const studentCount = publicRoute({}, async () => ({ count: (await profilesCreated()) + LANDING_COUNTER_OFFSET }));
