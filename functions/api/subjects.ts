// Subjects: list (newest first, with file counts and the plan's caps), create (a name the student
// already has returns that subject), read, delete (with every file in it).
import { AppError } from '../core/errors.js';
import { byIdNewestFirst, pageOf, pageQuery } from '../core/paging.js';
import { createSubjectBody, subjectParams } from '../core/schemas.js';
import { normalizeSubjectName, SUBJECT_NAME_MAX, subjectNameError } from '../core/subjects.js';
import { removeSubject } from '../platform/course-files.js';
import { Reply, userRoute } from '../platform/http.js';
import { currentPlan } from '../platform/plan.js';
import { createSubjectItem, getSubjectOrThrow, listSubjectItems, toSubject } from '../platform/store/subjects.js';

export const listSubjects = userRoute({ query: pageQuery }, async ({ query, user }) => {
  const [items, plan] = await Promise.all([listSubjectItems(user.id), currentPlan(user.id, new Date())]);
  const page = pageOf(items, byIdNewestFirst, query);
  return { subjects: page.items.map(toSubject), limits: plan.limits, ...(page.next ? { next: page.next } : {}) };
});

export const createSubject = userRoute(
  { body: createSubjectBody },
  async ({ body, user }) => {
    const invalid = subjectNameError(body.name);
    if (invalid) throw new AppError(invalid, { max: SUBJECT_NAME_MAX });
    const name = normalizeSubjectName(body.name);
    const now = new Date();
    const { limits } = await currentPlan(user.id, now);
    const { subject, created } = await createSubjectItem(user.id, name, body.color_index, limits.max_subjects, now);
    return new Reply(created ? 201 : 200, toSubject(subject));
  },
);

export const getSubject = userRoute({ params: subjectParams }, async ({ params, user }) =>
  toSubject(await getSubjectOrThrow(user.id, params.subjectId)),
);

export const deleteSubject = userRoute({ params: subjectParams }, async ({ params, user }) => {
  await removeSubject(user.id, params.subjectId);
  return undefined;
});
