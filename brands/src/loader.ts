import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  BRAND_IDS,
  type BrandId,
  type BrandPublicConfig,
  type FlagValues,
  brandPublicConfigSchema,
} from '@shop/contracts';
import { type JsonObject, mergeWithProvenance } from './deep-merge';
import { resolveFontFiles } from './font-files';
import { BrandConfigError, blame, parseOrThrow, readJsonObject } from './errors';

export { BrandConfigError };
import { type BrandConfig, type FlagDefinitions, brandConfigSchema, flagDefinitionsSchema } from './schema';

export interface LoadedBrand {
  config: BrandConfig;
  publicConfig: BrandPublicConfig;
  flags: FlagDefinitions;
  /** Default flag values: the default variant of every enabled flag. */
  flagValues: FlagValues;
  logoSvg: string;
  /** The brand's font files on disk, by the name they are served under (/brand/fonts/{name}). */
  fontFiles: ReadonlyMap<string, string>;
}

export type BrandCatalog = ReadonlyMap<BrandId, LoadedBrand>;

interface LoadOptions {
  /** The brands/ folder. */
  dir: string;
  /** Environment name: development, test, production, ... */
  environment: string;
}

export function loadBrandCatalog({ dir, environment }: LoadOptions): BrandCatalog {
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(environment)) {
    throw new BrandConfigError('(environment)', 'APP_ENV', `"${environment}" is not a valid environment name`);
  }
  const display = (file: string) => relative(join(dir, '..'), file) || file;
  const catalog = new Map<BrandId, LoadedBrand>();
  for (const id of BRAND_IDS) {
    const layers = [
      join(dir, 'global', 'config.json'),
      join(dir, 'global', 'env', `${environment}.json`),
      join(dir, 'sites', id, 'config.json'),
      join(dir, 'sites', id, 'env', `${environment}.json`),
    ];
    const provenance = new Map<string, string>();
    const merged: JsonObject = {};
    for (const [index, file] of layers.entries()) {
      const required = index === 0 || index === 2;
      if (!existsSync(file)) {
        if (required) throw new BrandConfigError(display(file), '(file)', 'file is missing');
        continue;
      }
      mergeWithProvenance(merged, readJsonObject(file, display(file)), display(file), provenance);
    }
    const config = parseOrThrow(brandConfigSchema, merged, (key) => blame(key, provenance, display(layers[2])));
    if (config.id !== id) {
      throw new BrandConfigError(provenance.get('id') ?? display(layers[2]), 'id', `must be "${id}" (its folder name)`);
    }
    const flagsFile = join(dir, 'sites', id, 'flags.json');
    const flags = parseOrThrow(flagDefinitionsSchema, readJsonObject(flagsFile, display(flagsFile)), () =>
      display(flagsFile),
    );
    const logoFile = join(dir, 'sites', id, 'logo.svg');
    if (!existsSync(logoFile)) throw new BrandConfigError(display(logoFile), '(file)', 'file is missing');
    const logoSvg = readFileSync(logoFile, 'utf8');
    if (!/^\s*<svg[\s>]/.test(logoSvg) || /<script|on\w+\s*=/i.test(logoSvg)) {
      throw new BrandConfigError(display(logoFile), '(file)', 'must be a plain SVG document without scripts');
    }
    catalog.set(id, {
      config,
      publicConfig: brandPublicConfigSchema.parse(pickPublic(config)),
      flags,
      flagValues: defaultFlagValues(flags),
      logoSvg,
      fontFiles: resolveFontFiles(config.theme.fonts.faces, (key) => blame(key, provenance, display(layers[2]))),
    });
  }
  return catalog;
}

function pickPublic(config: BrandConfig): BrandPublicConfig {
  const {
    remotes: _remotes,
    hosts: _hosts,
    origins: _origins,
    crm: _crm,
    returnsCentre: _returnsCentre,
    promotions: _promotions,
    search: _search,
    ...publicConfig
  } = config;
  return publicConfig;
}

function defaultFlagValues(definitions: FlagDefinitions): FlagValues {
  const values: FlagValues = {};
  for (const [key, flag] of Object.entries(definitions.flags)) {
    if (flag.state === 'ENABLED') values[key] = flag.variants[flag.defaultVariant];
  }
  return values;
}
