// Vitest's file order with one change: within a project, files of the same environment (a
// `@vitest-environment` docblock) run together. A non-isolated worker is reused only for the next
// file of the same project and environment, so interleaving happy-dom and node files restarts it.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const environmentOf = (file: string) => /@vitest-environment\s+(\S+)/.exec(readFileSync(file, 'utf8').slice(0, 2000))?.[1] ?? '';

/** BaseSequencer, then a stable grouping by project and environment. */
export class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const keys = new Map(sorted.map((spec, index) => [spec, { project: spec.project.name, environment: environmentOf(spec.moduleId), index }]));
    const projectRank = new Map<string, number>();
    for (const spec of sorted) if (!projectRank.has(spec.project.name)) projectRank.set(spec.project.name, projectRank.size);
    return sorted.sort((a, b) => {
      const ka = keys.get(a)!;
      const kb = keys.get(b)!;
      return projectRank.get(ka.project)! - projectRank.get(kb.project)! || (ka.environment < kb.environment ? -1 : ka.environment > kb.environment ? 1 : 0) || ka.index - kb.index;
    });
  }
}
