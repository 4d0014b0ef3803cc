import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInProfiles, loadProfile, profileDigest } from '../../src/certify/profiles.js';
import { allChecks } from '../../src/checks/registry.js';

describe('certification profiles', () => {
  it('ships go-live and smoke, each valid and naming only registered checks', async () => {
    const profiles = builtInProfiles();
    expect(profiles.map((p) => p.name)).toEqual(['go-live', 'smoke']);
    const ids = new Set(allChecks().map((c) => c.id));
    for (const p of profiles) for (const r of p.requirements) expect(ids, `${p.name}: ${r.check}`).toContain(r.check);
    const goLive = await loadProfile('go-live');
    const checks = goLive.requirements.map((r) => r.check);
    for (const id of ['auth-enforced', 'guid-enforced', 'idempotent-redelivery', 'update-same-order', 'redelivery-concurrent', 'accepts-large-order', 'unknown-properties-tolerated', 'cart-single-use', 'event-accepted']) expect(checks).toContain(id);
  });

  it('loads a profile file and refuses one that does not follow the schema, naming the problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xb-profile-'));
    const good = { name: 'mine', description: 'd', run: { orders: 'one', sequences: false, negatives: false, events: false, largeOrder: false }, requirements: [{ check: 'reachable', endpoints: 'custom', authModes: 'each' }] };
    writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
    expect((await loadProfile(join(dir, 'good.json'))).name).toBe('mine');
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...good, requirements: [{ check: 'reachable', endpoints: 'everywhere', authModes: 'each' }] }));
    await expect(loadProfile(join(dir, 'bad.json'))).rejects.toThrow(/not a valid profile: \/requirements\/0\/endpoints/);
    await expect(loadProfile('no-such')).rejects.toThrow(/no profile named "no-such"; the built-in ones are go-live, smoke/);
  });

  it('digests a profile by content, not by its $schema pointer or key order', async () => {
    const p = await loadProfile('smoke');
    const { $schema: _s, ...bare } = p;
    expect(profileDigest(bare)).toBe(profileDigest(p));
    expect(profileDigest({ ...p, requirements: [p.requirements[0]!] })).not.toBe(profileDigest(p));
  });
});
