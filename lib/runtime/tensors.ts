/** Model outputs as numbers: float16 tensors (fp16 exports) are widened, other types refused by name. */
import { fromHalfBits } from "./half.js";

export interface OutputTensor {
  readonly data: ArrayLike<number>;
  readonly dims: number[];
  readonly type: string;
}

/** float16 bit patterns (as onnxruntime hands them over) to numbers. */
export function widenHalf(bits: ArrayLike<number>): Float64Array {
  return Float64Array.from(bits, fromHalfBits);
}

/** A float output as numbers (float16 outputs are widened). */
export function floatValues(t: OutputTensor, name: string): ArrayLike<number> {
  if (t.type === "float32" || t.type === "float64") return t.data;
  if (t.type === "float16") return widenHalf(t.data);
  throw new Error(`output ${name} is ${t.type}; a float tensor was expected`);
}
