// The browser's IANA time zone, sent with what counts on a calendar day (study time, quiz answers,
// card reviews, exams, the plan, statistics): the server dates it in the student's day, and falls
// back to the product's zone (Europe/Paris) when the zone is absent or unknown.

/** The browser's IANA time zone, if it has one the server can take (at most 64 characters). */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zone.length <= 64 ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** A request body with the browser's time zone added, when it has one. */
export function withTimeZone<T extends object>(body: T): T & { timezone?: string } {
  const zone = browserTimeZone();
  return zone ? { ...body, timezone: zone } : body;
}
