// Preloaded into the portal by bench/allocations.ts (node --import): the first SIGUSR2 starts V8's
// sampling heap profiler, counting the objects the collector frees too; the second writes the profile
// to HEAP_SAMPLE_FILE. In-process through node:inspector, so no debugging port is opened.
// HEAP_SAMPLE_PROMOTED=1 leaves out what a scavenge freed: what is left outlived the young generation
// (alive at the end, or freed by a major collection).
import fs from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
const file = process.env.HEAP_SAMPLE_FILE;
let sampling = false;

process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = true;
    session.post('HeapProfiler.enable', () =>
      session.post(
        'HeapProfiler.startSampling',
        {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: process.env.HEAP_SAMPLE_PROMOTED !== '1',
        },
        () => fs.writeFileSync(`${file}.started`, ''),
      ),
    );
    return;
  }
  session.post('HeapProfiler.stopSampling', (err, result) => {
    fs.writeFileSync(`${file}.part`, err ? JSON.stringify({ error: err.message }) : JSON.stringify(result.profile));
    fs.renameSync(`${file}.part`, file);
  });
});
