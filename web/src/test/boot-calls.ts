/**
 * Resolves once public/boot.js has made every call it asks for after the skeleton's first frame:
 * it makes them a few a task, each batch queueing the next (window.fuelportalPreloads lists them).
 */
export async function bootCallsDone() {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  for (let made = -1; made !== (window.fuelportalPreloads?.length ?? 0); ) {
    made = window.fuelportalPreloads?.length ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
