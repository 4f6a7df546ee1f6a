// Types of eval/lib/plan.mjs for the TypeScript tests.
export interface PlanStep {
  do: 'click' | 'type' | 'select';
  target: string | string[];
  text?: string;
  option?: string;
  after?: string | string[];
  pw?: (page: any) => any;
  pwOption?: (page: any) => any;
}
export declare function click(target: string | string[], options?: Partial<PlanStep>): PlanStep;
export declare function type(target: string | string[], text: string, options?: Partial<PlanStep>): PlanStep;
export declare function choose(target: string | string[], option: string, options?: Partial<PlanStep>): PlanStep;
export declare function describeStep(step: PlanStep): string;
