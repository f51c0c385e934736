import { longDayOf, shortDayOf, zonedTime } from '../../shared/zoned-time';
import type { ReminderKind } from '../../shared/console/reminders';
import { replyHint } from '../../shared/console/inbox';
import { escapeMarkup } from '../escape-markup';
import type { EmailContent } from '../messaging/templates';

/** What a reminder says: the salon, the day and time in the salon's timezone, and the link (null: no account to open it with). */
export interface ReminderFacts {
  kind: ReminderKind;
  salonName: string;
  salonPhone: string;
  timeZone: string;
  startAt: number;
  /** when it is sent (the day reads 'today' or 'tomorrow' from there) */
  sentAt: number;
  link: string | null;
  /** what a reply can do now (docs/messaging.md "Replies"); none: the text says nothing of replies */
  reply?: { canCancel: boolean; unconfirmed: boolean };
}

/** 'today', 'tomorrow' or 'on Tue 29 Dec', from the day it is sent, in the salon's timezone. */
function dayOf(f: ReminderFacts): string {
  const day = (t: number) => zonedTime(t, f.timeZone).date;
  const start = day(f.startAt);
  if (start === day(f.sentAt)) return 'today';
  if (start === day(f.sentAt + 24 * 3_600_000) || start === day(f.sentAt + 23 * 3_600_000)) return 'tomorrow';
  return `on ${shortDayOf(zonedTime(f.startAt, f.timeZone))}`;
}

const timeOf = (f: ReminderFacts) => zonedTime(f.startAt, f.timeZone).time;
const dateOf = (f: ReminderFacts) => longDayOf(zonedTime(f.startAt, f.timeZone));
const callOrLink = (f: ReminderFacts) =>
  f.link ? `See it, add it to your calendar or cancel: ${f.link}` : `To change it, call ${f.salonPhone || 'the salon'}.`;

/**
 * The reminder text, e.g. 'Willow & Co Islington: a reminder of your appointment tomorrow at
 * 09:00. See it, add it to your calendar or cancel: https://book.example.com/r/{token}'; 2 hours
 * before: 'Willow & Co Islington: see you today at 09:00. See it, ...'.
 */
export function reminderText(f: ReminderFacts): string {
  const lead = f.kind === '2h' ? `see you ${dayOf(f)} at ${timeOf(f)}.` : `a reminder of your appointment ${dayOf(f)} at ${timeOf(f)}.`;
  return `${f.salonName}: ${lead} ${callOrLink(f)}${f.reply ? replyHint(f.reply) : ''}`;
}

/** The reminder email: subject 'Reminder: Willow & Co Islington, Tuesday 29 December at 09:00', with the same link. */
export function reminderEmail(f: ReminderFacts): EmailContent {
  const when = `${dateOf(f)} at ${timeOf(f)}`;
  const subject = `Reminder: ${f.salonName}, ${when}`;
  const opening = f.kind === '2h' ? `See you ${dayOf(f)} at ${timeOf(f)}.` : `A reminder of your appointment ${dayOf(f)} at ${timeOf(f)}.`;
  const lines = [opening, `${f.salonName}, ${when} (${f.timeZone} time).`];
  const text = [...lines, f.link ? `See it, add it to your calendar or cancel: ${f.link}` : callOrLink(f)].join('\n\n');
  const link = f.link
    ? `<p><a href="${escapeMarkup(f.link)}">See your appointment, add it to your calendar or cancel it</a></p>`
    : `<p>${escapeMarkup(callOrLink(f))}</p>`;
  const html = `<!doctype html><html lang="en"><body>${lines.map((l) => `<p>${escapeMarkup(l)}</p>`).join('')}${link}</body></html>`;
  return { subject, html, text };
}
