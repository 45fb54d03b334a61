import { existsSync } from 'node:fs';
import { type BrandFontFace, fontFileUrl } from '@shop/contracts';
import { BrandConfigError } from './errors';

/**
 * Where each of a brand's font files is on disk, by the name the gateway serves it under
 * (/brand/fonts/{name}). The files come from installed font packages (ADR 0019); one that is not
 * installed stops the start, naming the key.
 */
export function resolveFontFiles(faces: BrandFontFace[], fileOf: (key: string) => string): Map<string, string> {
  const files = new Map<string, string>();
  faces.forEach((face, index) => {
    const key = `theme.fonts.faces.${index}.file`;
    let path: string | undefined;
    try {
      path = require.resolve(face.file);
    } catch {
      path = undefined;
    }
    if (!path || !existsSync(path)) {
      throw new BrandConfigError(fileOf(key), key, `${face.file} is not installed (add its package to package.json)`);
    }
    files.set(fontFileUrl(face).slice('/brand/fonts/'.length), path);
  });
  return files;
}
