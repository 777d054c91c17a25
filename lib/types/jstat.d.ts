declare module "jstat" {
  /** Regularised incomplete beta function I_x(a, b). */
  export function ibeta(x: number, a: number, b: number): number;
  export const jStat: { ibeta(x: number, a: number, b: number): number };
}
