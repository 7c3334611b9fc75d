import { KernelAPI, type Kernel } from '@jupyterlab/services';

/**
 * Interrupts a kernel through the REST API, which works when its connection is already
 * disposed (notebook closed, kernel changed). Never throws: a kernel that is gone is fine.
 */
export async function interruptKernel(
  kernel: Kernel.IKernelConnection
): Promise<void> {
  try {
    await KernelAPI.interruptKernel(kernel.id, kernel.serverSettings);
  } catch {
    // Already shut down, or not running anything.
  }
}
