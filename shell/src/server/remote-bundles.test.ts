/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemoteBundleError, RemoteBundles } from './remote-bundles';

const remotesDir = mkdtempSync(join(tmpdir(), 'remote-bundles-'));
const publish = (version: string, source: string) => {
  mkdirSync(join(remotesDir, 'catalog', version, 'server'), { recursive: true });
  writeFileSync(join(remotesDir, 'catalog', version, 'server', 'pages.js'), source);
};

publish(
  '1.0.0-a',
  `const React = require('react'); module.exports = { default: () => React.createElement('p', null, 'one') };`,
);
publish('1.0.1-b', `module.exports = { default: () => null, marker: 'two' };`);
publish('1.0.2-c', `throw new Error('broken on purpose');`);
publish('1.0.3-d', `require('node:child_process'); module.exports = { default: () => null };`);
publish('1.0.4-e', `module.exports = { notAComponent: true };`);

describe('remote server bundles', () => {
  it('loads the version asked for, once, with the renderer’s own shared modules', async () => {
    const bundles = new RemoteBundles(remotesDir);
    const one = (await bundles.load('catalog', '1.0.0-a', 'pages')) as { default: () => { props: unknown } };
    expect(one.default().props).toEqual({ children: 'one' });
    expect(await bundles.load('catalog', '1.0.0-a', 'pages')).toBe(one);
    // A release or a rollback is just another version: no restart.
    expect(await bundles.load('catalog', '1.0.1-b', 'pages')).toMatchObject({ marker: 'two' });
  });

  it.each([
    ['1.0.2-c', 'pages', /broken on purpose/],
    ['1.0.3-d', 'pages', /requires node:child_process, which the renderer does not share/],
    ['1.0.4-e', 'pages', /exports no component/],
    ['9.9.9-z', 'pages', /has no server build/],
    ['../../etc', 'pages', /no such module/],
    ['1.0.0-a', '../pages', /no such module/],
  ])('refuses %s/%s with a reason', async (version, expose, reason) => {
    const failure = new RemoteBundles(remotesDir).load('catalog', version, expose);
    await expect(failure).rejects.toBeInstanceOf(RemoteBundleError);
    await expect(failure).rejects.toThrow(reason);
  });
});
