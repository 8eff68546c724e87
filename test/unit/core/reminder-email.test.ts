// The study reminder e-mail: today's sessions of each subject in the student's language, the
// schedule links, the total time, and every name the student typed escaped in the HTML.
import { describe, expect, it } from 'vitest';
import { formatMinutes, renderStudyReminder, type ReminderInput } from '../../../functions/core/reminder-email.js';

const input = (over: Partial<ReminderInput> = {}): ReminderInput => ({
  lang: 'fr',
  date: '2026-11-25',
  appUrl: 'https://revise.example.com/',
  unsubscribeUrl: null,
  subjects: [
    {
      subjectId: 'sub1',
      subjectName: 'PHYSIQUE',
      fileNames: new Map([['f1', 'Mécanique']]),
      sessions: [
        { kind: 'review', cards: 12, minutes: 6 },
        { kind: 'read', fileId: 'f1', fromPage: 3, toPage: 10, minutes: 32 },
        { kind: 'quiz', fileId: 'f1', topic: 'Inertie', page: 4, minutes: 10 },
      ],
    },
  ],
  ...over,
});

describe('the study reminder e-mail', () => {
  it("lists today's sessions in French with their minutes, the total and the schedule link", () => {
    const mail = renderStudyReminder(input());
    expect(mail.subject).toBe("Révise : tes séances d'étude du jour (48 min)");
    expect(mail.html).toContain('mercredi 25 novembre');
    expect(mail.html).toContain('<h2 style="font-size:18px;margin:16px 0 4px">PHYSIQUE</h2>');
    expect(mail.html).toContain('<li>Réviser 12 cartes — 6 min</li>');
    expect(mail.html).toContain('<li>Lire « Mécanique » p. 3–10 — 32 min</li>');
    expect(mail.html).toContain('<li>Quiz : Inertie (Mécanique) — 10 min</li>');
    expect(mail.html).toContain('<a href="https://revise.example.com/subject/sub1/schedule">Voir mon planning</a>');
    expect(mail.html).toContain('Total : 48 min');
    expect(mail.html).toContain('href="https://revise.example.com/profile"');
    expect(mail.text).toContain('- Lire « Mécanique » p. 3–10 — 32 min');
    expect(mail.text).toContain('Voir mon planning: https://revise.example.com/subject/sub1/schedule');
  });

  it('is written in English for an English profile', () => {
    const mail = renderStudyReminder(input({ lang: 'en' }));
    expect(mail.subject).toBe("Révise: today's study sessions (48 min)");
    expect(mail.html).toContain('Wednesday 25 November');
    expect(mail.html).toContain('<li>Read &quot;Mécanique&quot; pp. 3–10 — 32 min</li>');
    expect(mail.html).toContain('<li>Review 12 cards — 6 min</li>');
    expect(mail.html).toContain('See my schedule');
    expect(mail.html).toContain('Total: 48 min');
    expect(mail.html).not.toContain('Voir mon planning');
  });

  it('escapes the names a student typed (subject, file, topic) and encodes the subject id in links', () => {
    const mail = renderStudyReminder(
      input({
        subjects: [
          {
            subjectId: 'a/b"c',
            subjectName: '<script>alert(1)</script> & CO',
            fileNames: new Map([['f1', '<img src=x onerror=alert(2)>']]),
            sessions: [{ kind: 'quiz', fileId: 'f1', topic: '"><b>gras</b>', page: 1, minutes: 10 }],
          },
        ],
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; CO');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(mail.html).toContain('&quot;&gt;&lt;b&gt;gras&lt;/b&gt;');
    expect(mail.html).toContain('href="https://revise.example.com/subject/a%2Fb%22c/schedule"');
  });

  it('covers every subject with sessions today, leaves out those without, and adds the unsubscribe link when given', () => {
    const mail = renderStudyReminder(
      input({
        unsubscribeUrl: 'https://revise.example.com/rappels?token=a.b&x=1',
        subjects: [
          ...input().subjects,
          { subjectId: 'sub2', subjectName: 'HISTOIRE', fileNames: new Map([['h1', 'Révolution']]), sessions: [{ kind: 'final', fileId: 'h1', minutes: 75 }] },
          { subjectId: 'sub3', subjectName: 'REPOS', fileNames: new Map(), sessions: [] },
        ],
      }),
    );
    expect(mail.subject).toContain('(2 h 03)');
    expect(mail.html).toContain('<li>Révision finale : Révolution — 1 h 15</li>');
    expect(mail.html).not.toContain('REPOS');
    expect(mail.html).toContain('<a href="https://revise.example.com/rappels?token=a.b&amp;x=1">Ne plus recevoir ces rappels</a>');
  });

  it('writes durations as students read them', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(95)).toBe('1 h 35');
    expect(formatMinutes(125)).toBe('2 h 05');
  });
});
