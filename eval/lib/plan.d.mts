// Types of eval/lib/plan.mjs for the TypeScript tests.
export interface PlanStep {
  do: 'click' | 'type' | 'select' | 'find' | 'back' | 'close-tab' | 'extract' | 'read';
  target: string | string[];
  text?: string;
  option?: string;
  after?: string | string[];
  pw?: (page: any) => any;
  pwOption?: (page: any) => any;
  /** Validate a type step key by key. */
  keys?: boolean;
  /** An extract step's answer: what it matches in the page text. */
  answer?: RegExp | ReadSpec;
  /** A read step: 'auto' (the listing, then extract or scrolling) or 'extract' (extract at once when offered). */
  via?: 'auto' | 'extract';
  /** A read step: the model writes numbers as strings where it first gives the data. */
  sloppy?: boolean;
}
/** How a read step finds its answer: a RegExp (named groups: an object; global: an array) or an object of them. */
export type ReadSpec = RegExp | { [key: string]: ReadSpec };
export declare function click(target: string | string[], options?: Partial<PlanStep>): PlanStep;
export declare function type(target: string | string[], text: string, options?: Partial<PlanStep>): PlanStep;
export declare function choose(target: string | string[], option: string, options?: Partial<PlanStep>): PlanStep;
export declare function find(text: string): PlanStep;
export declare function back(): PlanStep;
export declare function closeTab(): PlanStep;
export declare function extract(question: string, answer: RegExp): PlanStep;
export declare function read(question: string, answer: ReadSpec, options?: Partial<PlanStep>): PlanStep;
export declare function describeStep(step: PlanStep): string;
