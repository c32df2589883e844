import { z } from 'zod';

/**
 * The fee schedule (issue 16, README "Settlement and fees"): per payment method and card brand, a fixed part in
 * minor units of the transaction's currency plus a percentage in basis points (140 = 1.40 %). `FEE_SCHEDULE`
 * holds JSON: `{"default": [rules], "projects": {"<project id>": [rules]}}`. A project listed under `projects`
 * uses its own rules; other live projects use `default`; other test projects pay nothing (the documented
 * default of zero for test projects). No `FEE_SCHEDULE`: no fees anywhere.
 */
export interface FeeRule {
  paymentMethod: string;
  /** Null: any brand (a rule naming the brand wins). */
  brand: string | null;
  fixed: number;
  basisPoints: number;
}

export interface FeeConfig {
  default: FeeRule[];
  projects: Record<string, FeeRule[]>;
}

const ruleSchema = z
  .strictObject({
    payment_method: z.string().min(1),
    brand: z.string().min(1).nullish(),
    fixed: z.int().min(0).max(1_000_000).default(0),
    basis_points: z.int().min(0).max(10_000).default(0),
  })
  .transform(
    (rule): FeeRule => ({
      paymentMethod: rule.payment_method,
      brand: rule.brand ?? null,
      fixed: rule.fixed,
      basisPoints: rule.basis_points,
    }),
  );

const scheduleSchema = z.strictObject({
  default: z.array(ruleSchema).default([]),
  projects: z.record(z.uuid(), z.array(ruleSchema)).default({}),
});

export const feeEnvShape = {
  FEE_SCHEDULE: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return { default: [], projects: {} } satisfies FeeConfig;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON: {"default": [...], "projects": {...}}' });
        return z.NEVER;
      }
      const parsed = scheduleSchema.safeParse(json);
      if (!parsed.success) {
        const problem = parsed.error.issues[0]!;
        ctx.addIssue({
          code: 'custom',
          message: `${problem.path.join('.') || '(root)'}: ${problem.message}`,
        });
        return z.NEVER;
      }
      return parsed.data satisfies FeeConfig;
    }),
};

/** The rules a project pays by. */
export function feeRulesFor(fees: FeeConfig, project: { projectId: string; isTest: boolean }): FeeRule[] {
  return fees.projects[project.projectId] ?? (project.isTest ? [] : fees.default);
}
