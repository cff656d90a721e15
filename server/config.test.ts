import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('serves metrics on loopback unless METRICS_HOST says otherwise, whatever HOST the API listens on', () => {
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464' }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_HOST: '10.0.0.7' }).metricsHost).toBe('10.0.0.7');
  });
});
