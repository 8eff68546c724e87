// The setup of the tests of a student's files: one laptop host for the file, one Premium student
// with one subject, and (optionally) the bucket and the table scanned after every test for an
// object without its record or a record without its object.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { newPremiumUser, startTestHost, type TestHost, type TestUser } from './host.js';
import { findOrphans } from './invariants.js';
import { createSubject } from './uploads.js';

export interface StudentSetup {
  host: TestHost;
  user: TestUser;
  subjectId: string;
}

/** Registers the hooks; the returned object is filled before the first test runs. */
export function useStudentWithSubject(subjectName: string, opts: { checkOrphans?: boolean } = {}): StudentSetup {
  const setup = {} as StudentSetup;
  beforeAll(async () => {
    setup.host = await startTestHost();
    setup.user = await newPremiumUser(setup.host);
    setup.subjectId = (await createSubject(setup.host, setup.user.accessToken, subjectName)).id;
  });
  if (opts.checkOrphans) {
    afterEach(async () => {
      const orphans = await findOrphans();
      expect(orphans.objectsWithoutRecord).toEqual([]);
      expect(orphans.recordsWithoutObject).toEqual([]);
    });
  }
  afterAll(async () => {
    await setup.host?.stop();
  });
  return setup;
}
