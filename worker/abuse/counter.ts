import { DurableObject } from 'cloudflare:workers';

interface Window {
  count: number;
  start: number;
}

/**
 * One abuse counter (a phone number's sign-ins, an address's sign-ups…) or one ended session:
 * a Durable Object per key, so every use of a key is counted by one single-threaded object and
 * concurrent requests never read the same count. Storage calls do not let another request in
 * between the read and the write (input gates), so `count` is atomic. An alarm forgets the key
 * when its window (or the session) is over.
 */
export class AbuseCounter extends DurableObject {
  /** Counts one use in a fixed window that starts at the first use; answers this use's number. */
  async count(windowMs: number, now: number): Promise<number> {
    const w = await this.ctx.storage.get<Window>('window');
    const next = !w || now - w.start >= windowMs ? { count: 1, start: now } : { count: w.count + 1, start: w.start };
    await this.ctx.storage.put('window', next);
    if (next.count === 1) await this.ctx.storage.setAlarm(now + windowMs);
    return next.count;
  }

  /**
   * Counts one more distinct member (a phone number's hash) in a fixed window that starts at the
   * first: answers how many distinct members the window holds with this one, and whether it was
   * already among them. Keeps at most `keep` members (the limit's figure and one more).
   */
  async countDistinct(member: string, windowMs: number, now: number, keep: number): Promise<{ distinct: number; seen: boolean }> {
    const w = await this.ctx.storage.get<{ members: string[]; start: number }>('distinct');
    const current = !w || now - w.start >= windowMs ? { members: [], start: now } : w;
    if (current.members.includes(member)) return { distinct: current.members.length, seen: true };
    const next = { members: current.members.length < keep ? [...current.members, member] : current.members, start: current.start };
    await this.ctx.storage.put('distinct', next);
    if (current.members.length === 0) await this.ctx.storage.setAlarm(now + windowMs);
    return { distinct: current.members.length + 1, seen: false };
  }

  /** Marks the key (an ended session) until `until` (epoch ms). */
  async mark(until: number): Promise<void> {
    const current = (await this.ctx.storage.get<number>('until')) ?? 0;
    if (until <= current) return;
    await this.ctx.storage.put('until', until);
    await this.ctx.storage.setAlarm(until);
  }

  async isMarked(now: number): Promise<boolean> {
    return ((await this.ctx.storage.get<number>('until')) ?? 0) > now;
  }

  async forget(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}

/** The counter object of a key. */
export const counterOf = (ns: DurableObjectNamespace<AbuseCounter>, key: string) => ns.get(ns.idFromName(key));
