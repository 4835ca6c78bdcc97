import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployDir, loadCompose } from '../compose.ts';
import { containerEnvironment, nginxOnHostNetwork, WiringError } from './wiring.ts';

const compose = loadCompose();
const engines = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/smoke',
  REDIS_URL: 'redis://127.0.0.1:6379/13',
  KAFKA_BROKERS: '127.0.0.1:19092',
};
const ports = new Map([
  ['auth', 41001],
  ['journey', 41002],
  ['gateway', 41010],
  ['shell', 41020],
  ['mfe-seller', 41021],
]);

describe("compose's wiring on the host network", () => {
  it("gives the gateway the engines asked for, its services' ports, the edge as PUBLIC_URL, and its own port", () => {
    const environment = containerEnvironment(compose.services.gateway ?? {}, {
      env: {},
      engines,
      ports,
      publicUrl: 'http://127.0.0.1:41000',
      port: 41010,
    });
    expect(environment).toMatchObject({
      ...{
        REDIS_URL: engines.REDIS_URL,
        KAFKA_BROKERS: engines.KAFKA_BROKERS,
        DATABASE_URL: engines.DATABASE_URL,
      },
      AUTH_SERVICE_URL: 'http://127.0.0.1:41001',
      JOURNEY_SERVICE_URL: 'http://127.0.0.1:41002',
      PUBLIC_URL: 'http://127.0.0.1:41000',
      NODE_ENV: 'production',
      SERVE_FRONTEND: 'false',
      HOST: '127.0.0.1',
      PORT: '41010',
    });
    // A service without a port here keeps compose's URL (and would fail loudly, not silently).
    expect(environment.INVITATION_SERVICE_URL).toBe('http://invitation:8080');
    expect(JSON.stringify(environment)).not.toMatch(/postgres:5432|redis:6379|kafka:9092/);
  });

  it('interpolates compose defaults from the environment it is given', () => {
    const base = { engines, ports, publicUrl: 'http://x' };
    expect(containerEnvironment(compose.services.auth ?? {}, { ...base, env: {} }).LOG_LEVEL).toBe('info');
    expect(
      containerEnvironment(compose.services.auth ?? {}, { ...base, env: { LOG_LEVEL: 'warn' } }).LOG_LEVEL,
    ).toBe('warn');
    expect(containerEnvironment(compose.services.migrate ?? {}, { ...base, env: {} })).toEqual({
      NODE_ENV: 'production',
      DATABASE_URL: engines.DATABASE_URL,
    });
  });

  it("moves compose's edge and the images' nginx onto their own ports", () => {
    const edge = nginxOnHostNetwork(
      readFileSync(path.join(deployDir, 'compose/edge.nginx.conf'), 'utf8'),
      41000,
      ports,
    );
    expect(edge).toContain('listen 127.0.0.1:41000;');
    expect(edge).toContain('proxy_pass http://127.0.0.1:41010;');
    expect(edge).toContain('proxy_pass http://127.0.0.1:41021;');
    expect(edge).not.toMatch(/listen 8080|http:\/\/gateway:8080|http:\/\/shell:8080/);
    const shell = nginxOnHostNetwork(
      readFileSync(path.join(deployDir, 'static/shell.nginx.conf'), 'utf8'),
      41020,
      ports,
    );
    expect(shell).toContain('listen 127.0.0.1:41020;');
    expect(() => nginxOnHostNetwork('server { listen 80; }', 1, ports)).toThrow(WiringError);
  });
});
