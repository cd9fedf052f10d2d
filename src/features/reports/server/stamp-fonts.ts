import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";

/**
 * The stamp's fonts, Noto Sans families shipped as npm packages (OFL): Noto Sans for Latin, Greek
 * and Cyrillic and the stamp's own words, then one per script it lacks. A recipient's name is
 * drawn in whichever covers each of its characters, so no name prints as "?"
 * (docs/PRODUCT.md#portal-reports). Each is embedded as a subset of the glyphs a copy uses.
 */
const FONT_FILES = [
  "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
  "@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf",
  // Chinese, Japanese kana and the CJK punctuation; 10 MB, so read only when a name needs it.
  "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
] as const;

export type StampFont = { index: number; bytes: Uint8Array; covers: (codePoint: number) => boolean; parsed: fontkit.Font };

const loaded = new Map<number, StampFont>();

// Read from node_modules at run time rather than bundled: the files are megabytes, and the server
// always runs from the project's folder (npm start, the tests, the benches).
function fontAt(index: number): StampFont {
  let font = loaded.get(index);
  if (!font) {
    const bytes = new Uint8Array(readFileSync(path.join(process.cwd(), "node_modules", FONT_FILES[index]!)));
    const parsed = withLongOffsets(fontkit.create(bytes));
    font = { index, bytes, covers: (codePoint) => parsed.hasGlyphForCodePoint(codePoint), parsed };
    loaded.set(index, font);
  }
  return font;
}

type SubsetInternals = { _addGlyph: (gid: number) => number; loca: { version?: number } };

/**
 * fontkit's TrueType subset writes short glyph offsets (halved) whenever the glyph data is under
 * 64 KB, but copies each glyph unpadded: after a glyph of odd length every offset is off by one
 * and most letters vanish from the copy (Noto's glyphs often have odd lengths). Long offsets need
 * no padding; they cost 2 bytes a glyph.
 */
function withLongOffsets(font: fontkit.Font): fontkit.Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as unknown as SubsetInternals;
    const addGlyph = subset._addGlyph.bind(subset);
    subset._addGlyph = (gid) => {
      subset.loca.version ??= 1;
      return addGlyph(gid);
    };
    return subset as unknown as fontkit.Subset;
  };
  return font;
}

const STYLED_FILES = {
  bold: { index: -1, file: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf" },
  italic: { index: -2, file: "@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf" },
  boldItalic: { index: -3, file: "@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf" },
} as const;
const styled = new Map<keyof typeof STYLED_FILES, StampFont>();

/**
 * Noto Sans Bold, Italic or Bold Italic, for a generated report's headings and a finding's
 * emphasis (docs/PRODUCT.md#admin-findings): Latin, Greek and Cyrillic; runs in other scripts stay
 * in their regular font. Negative indexes: never picked for a run by `fontRuns`.
 */
export function styledFont(style: keyof typeof STYLED_FILES): StampFont {
  let font = styled.get(style);
  if (!font) {
    const { index, file } = STYLED_FILES[style];
    const bytes = new Uint8Array(readFileSync(path.join(process.cwd(), "node_modules", file)));
    const parsed = withLongOffsets(fontkit.create(bytes));
    font = { index, bytes, covers: (codePoint) => parsed.hasGlyphForCodePoint(codePoint), parsed };
    styled.set(style, font);
  }
  return font;
}

export const boldFont = () => styledFont("bold");

/** A piece of text and the font that draws all of it. */
export type FontRun = { text: string; font: StampFont };

// Spaces, punctuation and symbols belong to no script: they take their neighbours' font.
const NEUTRAL = /[\s\p{P}\p{S}]/u;

/**
 * Splits a line into runs of one font each: each letter in the first font that has it (else Noto
 * Sans, its empty box); a space or punctuation between two letters of one font joins their run
 * when that font has it (so an Arabic name of two words stays one right-to-left run), else takes
 * the first font that has it.
 */
export function fontRuns(line: string): FontRun[] {
  const chars = [...line];
  const picked = chars.map((char) => (NEUTRAL.test(char) ? null : pickFont(char.codePointAt(0)!)));
  const runs: FontRun[] = [];
  chars.forEach((char, i) => {
    const codePoint = char.codePointAt(0)!;
    let font = picked[i];
    if (!font) {
      const before = picked.slice(0, i).findLast((f) => f !== null);
      const after = picked.slice(i + 1).find((f) => f !== null);
      font = before && before === after && before.covers(codePoint) ? before : pickFont(codePoint);
    }
    const current = runs.at(-1);
    if (current && current.font === font) current.text += char;
    else runs.push({ text: char, font });
  });
  return runs;
}

function pickFont(codePoint: number): StampFont {
  for (let index = 0; index < FONT_FILES.length; index++) {
    const font = fontAt(index);
    if (font.covers(codePoint)) return font;
  }
  return fontAt(0);
}

/**
 * The fontkit pdf-lib embeds with: it hands back the font already parsed for the stamp's bytes.
 * Parsing a font's layout tables anew for every copy cost about 0.4 s a download; a parsed font is
 * only read from (each copy makes its own subset).
 */
export const stampFontkit = {
  create(bytes: Uint8Array, postscriptName?: string): fontkit.Font {
    for (const font of loaded.values()) if (font.bytes === bytes) return font.parsed;
    for (const font of styled.values()) if (font.bytes === bytes) return font.parsed;
    return fontkit.create(bytes, postscriptName);
  },
};
