import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig, portSchema } from './config.ts';

describe('loadConfig', () => {
  const schema = baseConfigSchema.extend({ PORT: portSchema.default(8080) });

  it('applies defaults for an empty environment', () => {
    const config = loadConfig(schema, {});
    expect(config).toMatchObject({
      PORT: 8080,
      NODE_ENV: 'development',
      DATA_DIR: '.data',
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig(schema, { DATABASE_URL: '', REDIS_URL: '  ' }).REDIS_URL).toBeUndefined();
  });

  it('fails fast naming every bad variable', () => {
    const attempt = () =>
      loadConfig(schema, { PORT: 'eighty', DATABASE_URL: 'not a url', SESSION_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
    }
  });

  it('keeps the variables a service adds', () => {
    const config = loadConfig(z.object({ AUTH_SERVICE_URL: z.url() }), {
      AUTH_SERVICE_URL: 'http://127.0.0.1:3001',
    });
    expect(config.AUTH_SERVICE_URL).toBe('http://127.0.0.1:3001');
  });
});
