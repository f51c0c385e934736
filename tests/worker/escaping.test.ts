import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from '../../worker/edge/shell';
import { bootstrapOf, call, patchSalon } from './helpers';

const HOSTILE_NAME = '</script><script>alert("name")</script><!--';
const HOSTILE_WELCOME = 'Hi\u2028there</SCRIPT ><img src=x onerror=alert(1)> & "quotes" \'single\'';

describe('injected salon data cannot break out of the page', () => {
  it('escapes the characters that could end a script tag or comment', () => {
    const out = scriptSafeJson({ a: '</script><!-- & \u2028\u2029' });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ a: '</script><!-- & \u2028\u2029' });
  });

  it('serves hostile salon text as data, exactly as the salon wrote it', async () => {
    expect((await patchSalon(1, { name: HOSTILE_NAME, ncob_welcome_message: HOSTILE_WELCOME })).status).toBe(200);
    const html = await (await call('/salon/1')).text();
    // One script tag only for the bootstrap data, and no markup of the salon's in the page.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/script>/gi)?.length).toBe(html.match(/<script/gi)?.length);
    // The title carries the name as text.
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert("name")&lt;/script&gt;&lt;!-- | Book online</title>');
    const boot = bootstrapOf(html);
    expect(boot.page === 'salon' && boot.salon.name).toBe(HOSTILE_NAME);
    expect(boot.page === 'salon' && boot.salon.ncob_welcome_message).toBe(HOSTILE_WELCOME);
  });
});
