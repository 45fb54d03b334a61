/** Measurement tables per item type, in inches (the page converts to centimetres). */
export interface SizeTable {
  title: string;
  columns: string[];
  /** First cell is the size label; the rest are measurements in inches (ranges as [min, max]). */
  rows: Array<[string, ...Array<[number, number] | number>]>;
}

export const SIZE_TABLES: Record<string, SizeTable> = {
  bras: {
    title: 'Bras',
    columns: ['Band', 'Underbust', 'Bust for A cup', 'Bust for D cup'],
    rows: [
      ['32', [30, 31], 33, 36],
      ['34', [32, 33], 35, 38],
      ['36', [34, 35], 37, 40],
      ['38', [36, 37], 39, 42],
      ['40', [38, 39], 41, 44],
      ['42', [40, 41], 43, 46],
      ['44', [42, 43], 45, 48],
    ],
  },
  panties: {
    title: 'Panties',
    columns: ['Size', 'Waist', 'Hips'],
    rows: [
      ['S', [25, 27], [35, 37]],
      ['M', [28, 30], [38, 40]],
      ['L', [31, 33], [41, 43]],
      ['XL', [34, 36], [44, 46]],
      ['2X', [37, 40], [47, 50]],
    ],
  },
  shapewear: {
    title: 'Shapewear',
    columns: ['Size', 'Waist', 'Hips'],
    rows: [
      ['S', [25, 27], [35, 37]],
      ['M', [28, 30], [38, 40]],
      ['L', [31, 33], [41, 43]],
      ['XL', [34, 36], [44, 46]],
      ['2X', [37, 40], [47, 50]],
      ['3X', [41, 44], [51, 54]],
    ],
  },
  tops: {
    title: 'Tops',
    columns: ['Size', 'Chest', 'Waist'],
    rows: [
      ['XS', [31, 33], [25, 27]],
      ['S', [34, 36], [28, 30]],
      ['M', [37, 39], [31, 33]],
      ['L', [40, 42], [34, 36]],
      ['XL', [43, 45], [37, 39]],
      ['2X', [46, 49], [40, 43]],
    ],
  },
  bottoms: {
    title: 'Bottoms',
    columns: ['Size', 'Waist', 'Inseam'],
    rows: [
      ['28', 28, 30],
      ['30', 30, 30],
      ['32', 32, 32],
      ['34', 34, 32],
      ['36', 36, 34],
      ['38', 38, 34],
    ],
  },
  basketballs: {
    title: 'Basketballs',
    columns: ['Size', 'Circumference', 'Ages'],
    rows: [
      ['5', 27.5, [9, 11]],
      ['6', 28.5, [12, 14]],
      ['7', 29.5, [15, 99]],
    ],
  },
};
