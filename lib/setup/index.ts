export { findJupyterPython, JUPYTER_INSTALL_HINT, jupyterStartCommand, planTslabKernel, probeJupyterPython } from "./jupyter-kernel.js";
export { registerTslabKernel, tslabKernelLines, tslabKernelSpec, tslabScript } from "./jupyter-kernel.js";
export type { JupyterPython, JupyterStart, KernelSpec, PythonProblem, TslabKernelOptions, TslabKernelPlan } from "./jupyter-kernel.js";
