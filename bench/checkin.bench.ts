// Picked up by `npm run bench` (bench/run.ts): one pre-notification of 1,000 serials checked in.
export { run } from './checkin';
