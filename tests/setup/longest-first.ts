import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order files start in. Vitest starts the files that took longest last time first, but a clean
 * clone (CI) has no last time: it starts them in path order, and a long journey that happens to come
 * last (welfare, the layout walk) runs on alone at the end while the other workers wait. These are
 * the files known to be long, in seconds on a quiet run here (clean clone, 2026-11-29); they start
 * first, longest first, and the rest follow in vitest's own order. A file missing from the list
 * costs time, never correctness.
 */
const SECONDS: Record<string, number> = {
  'tests/api/hardening-authz.test.ts': 100,
  'tests/e2e/layout.test.ts': 103,
  'tests/e2e/njangi.test.ts': 64,
  'tests/e2e/finances.test.ts': 61,
  'tests/e2e/welfare.test.ts': 60,
  'tests/e2e/savings.test.ts': 55,
  'tests/e2e/documents.test.ts': 44,
  'tests/e2e/communities.test.ts': 40,
  'tests/e2e/admin.test.ts': 36,
  'tests/e2e/chat.test.ts': 33,
  'tests/e2e/calls.test.ts': 33,
  'tests/e2e/shell.test.ts': 30,
  'tests/e2e/second-factor.test.ts': 29,
  'tests/e2e/account.test.ts': 28,
  'tests/e2e/events.test.ts': 25,
  'tests/e2e/collecting.test.ts': 12,
  'tests/api/hardening-fuzz.test.ts': 10,
  'tests/api/finances.test.ts': 9,
  'tests/api/auth-enumeration.test.ts': 8,
  'tests/api/throttle.test.ts': 20,
};

const weight = (spec: TestSpecification) => SECONDS[spec.moduleId.slice(spec.project.config.root.length).replace(/^\//, '')] ?? 0;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Stable: projects keep their order, and so do files of equal (or unknown) weight.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => (a.spec.project.name === b.spec.project.name ? weight(b.spec) - weight(a.spec) || a.index - b.index : a.index - b.index))
      .map((x) => x.spec);
  }
}
