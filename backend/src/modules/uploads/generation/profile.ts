import { parseDate, parseNumber } from './column-stats';
import { type ColumnRole, type ColumnSummary, type LabelledValue, type TableProfile } from './types';

/**
 * Reads a table the way a data journalist would: which columns are codes, constants, periods,
 * names, categories, coordinates and measures; which measure the table is about; and what is
 * worth saying about it (extremes by entity, groups, trend, relations, counts).
 */

const ID_HEADER = /(^id$|[_\s]id$|^id[_\s]|\bcode\b|_code$|コード|番号|^no\.?$|^#$|^№$|zip|postal|郵便|iata|icao|fips|^jis|^iso|^key$|^uuid$|^serial)/i;
const COORD_HEADER = /^(lat|latitude|lon|lng|long|longitude|緯度|経度)$|latitude|longitude|緯度|経度/i;
const TIME_HEADER =
  /^(year|yr|年|年度|fiscal ?year|month|date|day|日付|年月|年月日|期間|period|time|時点|week|quarter|四半期|decade|年代)$|(^|_)(year|date|month)$|年度$|年月日$|日付$/i;
const ENTITY_HEADER =
  /(^name$|_name$|名称|名前|^氏名|都道府県|市区町村|市町村|自治体|country|countries|nation|state|prefecture|city|county|region|entity|company|支部|支店|店舗|国名|^国$|^地域$|^品目|^項目)/i;
/** Measures a title or reader points at first. */
const HEADLINE_STRONG =
  /(rate|率|price|価格|単価|population|人口|deaths?|死者|死亡|co2|income|所得|収入|sales|売上|revenue|gdp|temp|気温|generation|発電|employment|雇用|cases|患者|件数|score|得点|金額|amount|cost|費用|賃金|wage|salary|給与|value|値|production|生産|consumption|消費|emission|排出|precipitation|降水|mass|weight|重量|体重|anomaly|偏差)/i;
const HEADLINE_WEAK = /(count|数|total|合計|number|人数|volume|量)/i;
/** Derived or secondary columns: change, difference, adjusted series. */
const SECONDARY = /(change|diff|delta|差|前年|増減|比$|比較|adjusted|調整|growth|伸び|rank|順位|_pct_change|error|誤差|lower|upper|下限|上限)/i;
/** Measures whose values add up across rows (sum per entity / period rather than average). */
const ADDITIVE =
  /(count|数|deaths?|死者|死亡|population|人口|sales|売上|revenue|金額|amount|generation|発電|cases|件数|total|合計|volume|量|production|生産|consumption|消費|emission|排出|precipitation|降水|employment|雇用|nonfarm|人数)/i;
const STOCK = /(population|人口|employment|雇用|nonfarm|households|世帯|stock|在庫|残高|balance)/i;
const NOT_ADDITIVE = /(rate|率|price|価格|単価|avg|average|mean|平均|temp|気温|per|当たり|index|指数|%|ratio|share|割合|anomaly|偏差|co2|ppm|score)/i;
const TOTAL_LABEL = /^(合計|総計|総数|計|小計|全国|全体|総合|total|totals|grand total|sum|overall|all|world|全世界|all\b.*|.*\btotal$)$/i;

const UNIT_IN_HEADER = /[(（\[]([^()（）[\]]{1,12})[)）\]]\s*$/;

export interface ProfileInput {
  columns: ColumnSummary[];
  /** Sampled raw rows (cells as written), in file order. */
  rows: string[][];
  rowCount: number;
  sampled: boolean;
  /** The table's unit from a unit row (「（単位：％）」), for measures whose header names none. */
  unit?: string;
}

interface Col {
  index: number;
  summary: ColumnSummary;
  role: ColumnRole;
  unit?: string;
}

const isYearValue = (c: ColumnSummary) =>
  c.type === 'number' && c.min !== undefined && c.max !== undefined && c.min >= 1000 && c.max <= 2200 && Number.isInteger(c.min) && Number.isInteger(c.max);

function unitOf(summary: ColumnSummary, raws: string[], tableUnit?: string): string | undefined {
  // A joined header's brackets name a sub-heading (「健康保険料率（個人負担分）」), not a unit.
  const m = summary.joined ? null : UNIT_IN_HEADER.exec(summary.name.trim());
  if (m) return m[1].trim();
  if (tableUnit) return tableUnit;
  const filled = raws.filter((r) => r !== '');
  if (filled.length && filled.filter((r) => /%$/.test(r)).length >= filled.length * 0.8) return '%';
  if (filled.length && filled.filter((r) => /円$/.test(r)).length >= filled.length * 0.8) return '円';
  if (/円/.test(summary.name)) return '円';
  if (/ppm/i.test(summary.name)) return 'ppm';
  return undefined;
}

function roleOf(summary: ColumnSummary, raws: string[], rowCount: number): ColumnRole {
  const name = summary.name.trim();
  if (summary.type === 'empty' || summary.nonEmpty === 0) return 'empty';
  const filled = raws.filter((r) => r !== '');
  if (summary.distinct === 1 && !summary.distinctCapped && rowCount > 1) return 'constant';
  if (summary.type === 'date') return 'time';
  if (summary.type === 'number') {
    if (COORD_HEADER.test(name)) return 'coordinate';
    const zeroPadded = filled.length > 0 && filled.filter((r) => /^0\d+$/.test(r)).length >= filled.length * 0.3;
    if (ID_HEADER.test(name) || zeroPadded) return 'identifier';
    if (TIME_HEADER.test(name) && (isYearValue(summary) || /month|月/i.test(name))) return 'time';
    if (isYearValue(summary) && /年|year/i.test(name)) return 'time';
    return 'measure';
  }
  if (summary.type === 'text' || summary.type === 'boolean') {
    if (ID_HEADER.test(name) && (summary.distinctCapped || summary.distinct >= summary.nonEmpty * 0.9)) return 'identifier';
    if (TIME_HEADER.test(name)) return 'time';
    const unique = !summary.distinctCapped && summary.distinct >= summary.nonEmpty * 0.9;
    if (summary.distinctCapped) return ENTITY_HEADER.test(name) ? 'entity' : 'text';
    const longText = filled.length > 0 && filled.reduce((n, r) => n + r.length, 0) / filled.length > 60;
    if (longText) return 'text';
    if (unique) return 'entity';
    if (summary.distinct <= Math.max(30, summary.nonEmpty * 0.5)) return 'category';
    return ENTITY_HEADER.test(name) ? 'entity' : 'text';
  }
  return 'text';
}

function words(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);
}

function headlineScore(col: Col, hints: string, position: number): number {
  const name = col.summary.name;
  let score = 0;
  if (HEADLINE_STRONG.test(name)) score += 3;
  else if (HEADLINE_WEAK.test(name)) score += 1.5;
  if (SECONDARY.test(name)) score -= 4;
  const hintWords = new Set(words(hints));
  if (words(name).some((w) => hintWords.has(w))) score += 2;
  if (col.summary.min !== undefined && col.summary.min === col.summary.max) score -= 5;
  return score - position * 0.05;
}

const num = (raw: string | undefined) => (raw === undefined ? undefined : parseNumber(raw));

function timeKey(raw: string): string | undefined {
  const t = raw.trim();
  if (!t) return undefined;
  if (/^\d{4}$/.test(t)) return t;
  const decade = /^(\d{4})(s|年代)$/.exec(t);
  if (decade) return decade[1];
  const d = parseDate(t);
  if (d) return d;
  const n = parseNumber(t);
  return n !== undefined ? String(n).padStart(4, '0') : t;
}

/** Period labels as short as the data allows: 2001-01-01 … 2017-01-01 → 2001 … 2017; monthly → 2020-04. */
function timeLabeller(keys: string[]): (key: string) => string {
  if (keys.every((k) => /^\d{4}-01-01$/.test(k))) return (k) => k.slice(0, 4);
  if (keys.every((k) => /^\d{4}-\d{2}-01$/.test(k))) return (k) => k.slice(0, 7);
  return (k) => k;
}

function pearson(xs: number[], ys: number[]): number | undefined {
  const n = xs.length;
  if (n < 8) return undefined;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i];
    sy += ys[i];
  }
  const mx = sx / n;
  const my = sy / n;
  let cov = 0;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < n; i++) {
    cov += (xs[i] - mx) * (ys[i] - my);
    vx += (xs[i] - mx) ** 2;
    vy += (ys[i] - my) ** 2;
  }
  if (vx === 0 || vy === 0) return undefined;
  return cov / Math.sqrt(vx * vy);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Builds the table profile; `hints` is text that says what the table is about (title, file name, sheet name). */
export function profileTable(input: ProfileInput, hints: string): TableProfile {
  const { columns, rows, rowCount, sampled } = input;
  const cols: Col[] = columns.map((summary, index) => {
    const raws = rows.map((r) => (r[index] ?? '').trim());
    const role = roleOf(summary, raws, rowCount);
    return { index, summary, role, unit: summary.type === 'number' ? unitOf(summary, raws, role === 'measure' ? input.unit : undefined) : undefined };
  });
  const numbers: number[] = [rowCount];
  const constants = cols.filter((c) => c.role === 'constant').map((c) => ({ name: c.summary.name, value: c.summary.topValues[0]?.value ?? '' }));

  // The entity: a unique text column, preferring names the header points at; else the main category.
  const entityCandidates = cols.filter((c) => c.role === 'entity');
  const entityCol = entityCandidates.find((c) => ENTITY_HEADER.test(c.summary.name)) ?? entityCandidates[0];
  const categories = cols.filter((c) => c.role === 'category');
  const labelCol = entityCol ?? categories.find((c) => ENTITY_HEADER.test(c.summary.name)) ?? categories[0];
  const timeCol = cols.find((c) => c.role === 'time');

  const measures = cols.filter((c) => c.role === 'measure');
  const headlineCol = measures.map((c, i) => ({ c, score: headlineScore(c, hints, i) })).sort((a, b) => b.score - a.score)[0]?.c;
  const additive = headlineCol ? ADDITIVE.test(headlineCol.summary.name) && !NOT_ADDITIVE.test(headlineCol.summary.name) && headlineCol.unit !== '%' : false;

  const isTotal = (label: string) => TOTAL_LABEL.test(label.trim());
  // Rows over several periods (days, years) are never added up across a label: a four-year sum of
  // daily precipitation per weather type, or of yearly populations per prefecture, means nothing.
  // A flow (deaths, sales) per label and period adds up to a total over the period, stated as such;
  // a stock (population, employment) or one observation a day (weather by type) never does.
  const overTime = timeCol !== undefined && timeCol.summary.distinct > 1;
  const period = timeCol
    ? periodOf(
        timeCol.summary,
        rows.map((r) => r[timeCol.index] ?? ''),
        rowCount,
      )
    : undefined;
  const sumAcross =
    additive && (!overTime || (!period?.onePerRow && !STOCK.test(headlineCol?.summary.name ?? '') && (timeCol?.summary.distinct ?? 0) < rowCount));
  const totals: LabelledValue[] = [];
  let top: LabelledValue[] = [];
  let bottom: LabelledValue[] = [];
  let ranked = 0;
  const profile: TableProfile = {
    roles: cols.map((c) => ({ name: c.summary.name, role: c.role, ...(c.unit ? { unit: c.unit } : {}) })),
    constants,
    totals,
    top,
    bottom,
    ranked,
    relations: [],
    sampled,
    numbers,
  };
  if (period) profile.period = period;
  if (profile.period) numbers.push(profile.period.distinct, ...(profile.period.years ? [profile.period.years] : []));
  // Total rows (全国, All …) are not part of a measure's range.
  const totalRow = (r: string[]) => cols.some((c) => (c.role === 'entity' || c.role === 'category') && isTotal((r[c.index] ?? '').trim()));
  profile.measures = measures.slice(0, 8).map((c) => measureOf(c, rows, timeCol, numbers, sampled ? undefined : totalRow));
  const distinctIn = (c: Col) =>
    c.summary.distinctCapped && !sampled
      ? new Set(rows.map((r) => (r[c.index] ?? '').trim()).filter((x) => x && !isTotal(x))).size
      : c.summary.distinct - (c.summary.topValues.some((t) => isTotal(t.value)) ? 1 : 0);
  if (labelCol) profile.entity = { column: labelCol.summary.name, count: distinctIn(labelCol) };

  // Counts by the main category (rows per state, per region …).
  const countCol = categories.find((c) => c !== labelCol || !entityCol) ?? undefined;
  const countSource = countCol ?? (labelCol && labelCol.role === 'category' ? labelCol : undefined);
  if (countSource) {
    const items = countSource.summary.topValues
      .filter((t) => !isTotal(t.value))
      .slice(0, 5)
      .map((t) => ({ label: t.value, count: t.count }));
    if (items.length && items[0].count > 1) {
      const tied = items.filter((i) => i.count === items[0].count);
      if (tied.length >= 2) profile.ties = { of: 'counts', labels: tied.map((i) => i.label), value: items[0].count };
      profile.counts = { column: countSource.summary.name, distinct: countSource.summary.distinct, items };
      for (const i of items) numbers.push(i.count);
      numbers.push(countSource.summary.distinct);
    }
  }

  // Places: the northernmost and southernmost named rows (coordinates are never averaged).
  const lat = cols.find((c) => c.role === 'coordinate' && /^(lat|latitude|緯度)$|latitude|緯度/i.test(c.summary.name));
  const namer = entityCandidates.find((c) => /name|名/i.test(c.summary.name)) ?? labelCol;
  if (lat && namer) {
    let north: LabelledValue | undefined;
    let south: LabelledValue | undefined;
    for (const r of rows) {
      const v = num(r[lat.index]);
      const label = (r[namer.index] ?? '').trim();
      if (v === undefined || !label) continue;
      if (!north || v > north.value) north = { label, value: v };
      if (!south || v < south.value) south = { label, value: v };
    }
    if (north && south && north.label !== south.label) {
      profile.extent = { column: lat.summary.name, north, south };
      numbers.push(north.value, south.value);
    }
  }

  if (!headlineCol) return profile;
  profile.headline = { column: headlineCol.summary.name, ...(headlineCol.unit ? { unit: headlineCol.unit } : {}), additive };
  for (const v of [headlineCol.summary.min, headlineCol.summary.max, headlineCol.summary.mean, headlineCol.summary.sum]) if (v !== undefined) numbers.push(v);
  const h = headlineCol.index;

  // Ranking by the label column (aggregated when labels repeat; totals apart).
  if (labelCol) {
    const agg = new Map<string, { sum: number; n: number }>();
    for (const r of rows) {
      const label = (r[labelCol.index] ?? '').trim();
      const v = num(r[h]);
      if (!label || v === undefined) continue;
      if (isTotal(label)) continue;
      const g = agg.get(label) ?? { sum: 0, n: 0 };
      g.sum += v;
      g.n++;
      agg.set(label, g);
    }
    const values = [...agg].map(([label, g]) => ({ label, value: round(sumAcross ? g.sum : g.sum / g.n) }));
    values.sort((a, b) => b.value - a.value || (a.label < b.label ? -1 : 1));
    ranked = values.length;
    profile.rankedBy = sumAcross ? 'sum' : 'mean';
    const tied = values.filter((x) => x.value === values[0]?.value);
    if (tied.length >= 2) profile.ties = { of: 'top', labels: tied.slice(0, 5).map((x) => x.label), value: tied[0].value };
    if (ranked >= 2) {
      top = values.slice(0, 3);
      bottom = values.slice(-3).reverse();
    }
    profile.top = top;
    profile.bottom = bottom;
    profile.ranked = ranked;
    if (ranked >= 2) profile.chart = { kind: 'bars', values: values.slice(0, 40).map((x) => x.value), labels: values.slice(0, 40).map((x) => x.label) };
    for (const v of [...top, ...bottom]) numbers.push(v.value);
    if (ranked >= 2) numbers.push(round(values[0].value - values[values.length - 1].value));
  }
  // Total rows (by any text column's value).
  for (const r of rows) {
    for (const c of cols) {
      if (c.role !== 'entity' && c.role !== 'category') continue;
      const label = (r[c.index] ?? '').trim();
      if (label && isTotal(label)) {
        const v = num(r[h]);
        if (!totals.some((t) => t.label === label)) totals.push({ label, value: v ?? NaN });
        break;
      }
    }
    if (totals.length >= 3) break;
  }

  // Groups: the headline by another category column.
  const groupCol = categories.find((c) => c !== labelCol && c.summary.distinct >= 2 && c.summary.distinct <= 30);
  if (groupCol) {
    const agg = new Map<string, { sum: number; n: number }>();
    for (const r of rows) {
      const g = (r[groupCol.index] ?? '').trim();
      const v = num(r[h]);
      if (!g || v === undefined || isTotal(g)) continue;
      const a = agg.get(g) ?? { sum: 0, n: 0 };
      a.sum += v;
      a.n++;
      agg.set(g, a);
    }
    let items = [...agg].map(([label, a]) => ({ label, count: a.n, value: round(sumAcross ? a.sum : a.sum / a.n) })).sort((a, b) => b.value - a.value);
    profile.rankedBy = sumAcross ? 'sum' : 'mean';
    // Groups of one say nothing a ranking does not: compare groups of several when most are.
    const several = items.filter((i) => i.count >= 2);
    if (several.length >= 2 && several.length >= items.length / 2) items = several;
    if (items.length >= 2) {
      profile.groups = { column: groupCol.summary.name, items };
      for (const i of items) numbers.push(i.value, i.count);
    }
  }

  // Trend over time: the total rows when there are any, else all rows aggregated per period.
  // A year beside each unique entity (a census year per city) is an attribute, not a series.
  const perEntityAttribute = entityCol !== undefined && labelCol === entityCol;
  if (timeCol && timeCol !== labelCol && !perEntityAttribute) {
    const totalRows = labelCol ? rows.filter((r) => isTotal((r[labelCol.index] ?? '').trim())) : [];
    const source = totalRows.length >= 3 ? totalRows : labelCol ? rows.filter((r) => !isTotal((r[labelCol.index] ?? '').trim())) : rows;
    const perKey = new Map<string, { sum: number; n: number }>();
    const written = new Map<string, string>();
    for (const r of source) {
      const k = timeKey(r[timeCol.index] ?? '');
      if (k && !written.has(k)) written.set(k, (r[timeCol.index] ?? '').trim());
      const v = num(r[h]);
      if (!k || v === undefined) continue;
      const a = perKey.get(k) ?? { sum: 0, n: 0 };
      a.sum += v;
      a.n++;
      perKey.set(k, a);
    }
    let keys = [...perKey.keys()].sort();
    // Long daily / monthly series: compare years (or months within one or two years), by the
    // mean of their periods (a sum of monthly levels means nothing).
    const years = new Set(keys.map((k) => k.slice(0, 4)));
    const months = new Set(keys.map((k) => k.slice(0, 7)));
    let series = new Map(keys.map((k) => [k, perKey.get(k)!]));
    let yearly = false;
    const bucket = keys.length > 24 && keys.some((k) => k.length > 4) ? (years.size >= 3 ? 4 : months.size >= 3 && keys.some((k) => k.length > 7) ? 7 : 0) : 0;
    if (bucket) {
      const byBucket = new Map<string, { sum: number; n: number }>();
      for (const [k, a] of series) {
        const y = k.slice(0, bucket);
        const b = byBucket.get(y) ?? { sum: 0, n: 0 };
        b.sum += additive ? a.sum : a.sum / a.n;
        b.n++;
        byBucket.set(y, b);
      }
      series = new Map([...byBucket].map(([y, b]) => [y, { sum: b.sum / b.n, n: 1 }]));
      yearly = true;
      keys = [...series.keys()].sort();
    }
    const seriesValue = (k: string) => {
      const a = series.get(k)!;
      return round(yearly ? a.sum : additive && totalRows.length < 3 ? a.sum : a.sum / a.n);
    };
    if (keys.length >= 3) {
      const short = timeLabeller(keys);
      // Decades keep their written form (1950s, 1950年代).
      const timeLabel = (k: string) => (/^\d{4}(s|年代)$/.test(written.get(k) ?? '') ? written.get(k)! : short(k));
      const values = keys.map(seriesValue);
      const first = { label: timeLabel(keys[0]), value: values[0] };
      const last = { label: timeLabel(keys[keys.length - 1]), value: values[values.length - 1] };
      let peak = 0;
      let low = 0;
      let rise: LabelledValue | undefined;
      let fall: LabelledValue | undefined;
      for (let i = 0; i < values.length; i++) {
        if (values[i] > values[peak]) peak = i;
        if (values[i] < values[low]) low = i;
        if (i > 0) {
          const d = round(values[i] - values[i - 1]);
          if (d > 0 && (!rise || d > rise.value)) rise = { label: timeLabel(keys[i]), value: d };
          if (d < 0 && (!fall || d < fall.value)) fall = { label: timeLabel(keys[i]), value: d };
        }
      }
      // Direction from the means of the first and last fifths (robust to seasons and noise).
      const k = Math.max(1, Math.floor(values.length / 5));
      const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
      const head = mean(values.slice(0, k));
      const tail = mean(values.slice(-k));
      // A robust spread (10th to 90th percentile), so one extreme year does not hide a trend.
      const sorted = [...values].sort((a, b) => a - b);
      const spread = sorted[Math.floor(sorted.length * 0.9)] - sorted[Math.floor(sorted.length * 0.1)] || Math.max(...values) - Math.min(...values) || 1;
      const change = tail - head;
      const significant = Math.abs(change) > spread * 0.25 && Math.abs(change) > Math.max(Math.abs(head), Math.abs(tail)) * 0.05;
      const direction = !significant ? 'flat' : change > 0 ? 'up' : 'down';
      profile.trend = {
        column: timeCol.summary.name,
        direction,
        first,
        last,
        peak: { label: timeLabel(keys[peak]), value: values[peak] },
        low: { label: timeLabel(keys[low]), value: values[low] },
        ...(rise ? { biggestRise: rise } : {}),
        ...(fall ? { biggestFall: fall } : {}),
        periods: keys.length,
        series: values.length > 64 ? values.filter((_, i) => i % Math.ceil(values.length / 64) === 0) : values,
      };
      const labels = keys.map(timeLabel);
      // The season: months compared within each full year (so the trend does not leak in),
      // stated only when the high month beats the low month in at least 90% of those years.
      const perYear = new Map<string, Map<string, { sum: number; n: number }>>();
      for (const [k, a] of perKey) {
        if (!/^\d{4}-\d{2}/.test(k)) continue;
        const months = perYear.get(k.slice(0, 4)) ?? new Map<string, { sum: number; n: number }>();
        const b = months.get(k.slice(5, 7)) ?? { sum: 0, n: 0 };
        b.sum += a.sum / a.n;
        b.n++;
        months.set(k.slice(5, 7), b);
        perYear.set(k.slice(0, 4), months);
      }
      const fullYears = [...perYear.values()].filter((m) => m.size === 12).map((m) => new Map([...m].map(([mo, b]) => [mo, b.sum / b.n])));
      if (fullYears.length >= 2) {
        const dev = new Map<string, number>();
        for (const year of fullYears) {
          const mean = [...year.values()].reduce((x, y) => x + y, 0) / 12;
          for (const [mo, v] of year) dev.set(mo, (dev.get(mo) ?? 0) + (v - mean) / fullYears.length);
        }
        const ordered = [...dev].sort((a, b) => b[1] - a[1]);
        const [high] = ordered[0];
        const [low] = ordered[ordered.length - 1];
        const consistent = fullYears.filter((y) => y.get(high)! > y.get(low)!).length / fullYears.length;
        if (consistent >= 0.9) {
          const gap = round(ordered[0][1] - ordered[ordered.length - 1][1]);
          profile.trend.season = { high: { label: high, value: gap }, low: { label: low, value: -gap } };
          numbers.push(gap);
        }
      }
      profile.chart = {
        kind: 'line',
        values: profile.trend.series,
        labels: values.length > 64 ? labels.filter((_, i) => i % Math.ceil(values.length / 64) === 0) : labels,
      };
      numbers.push(first.value, last.value, values[peak], values[low], round(last.value - first.value), keys.length);
      if (rise) numbers.push(rise.value);
      if (fall) numbers.push(fall.value);
      if (first.value > 0 && last.value > 0) numbers.push(round(((last.value - first.value) / Math.abs(first.value)) * 100));
    }
  }

  // Relations: strong correlations of the headline with other measures (not its own variants).
  for (const other of measures) {
    if (other === headlineCol) continue;
    const a = headlineCol.summary.name.toLowerCase();
    const b = other.summary.name.toLowerCase();
    if (a.includes(b) || b.includes(a)) continue;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const r of rows) {
      const x = num(r[h]);
      const y = num(r[other.index]);
      if (x !== undefined && y !== undefined) {
        xs.push(x);
        ys.push(y);
      }
    }
    const r = pearson(xs, ys);
    if (r !== undefined && Math.abs(r) >= 0.7) profile.relations.push({ a: headlineCol.summary.name, b: other.summary.name, r: Math.round(r * 100) / 100 });
  }
  profile.relations.sort((x, y) => Math.abs(y.r) - Math.abs(x.r));
  profile.relations.splice(2);
  for (const rel of profile.relations) numbers.push(rel.r);
  return profile;
}

/** The period a time column covers: its first and last value, how many distinct periods, their granularity. */
function periodOf(c: ColumnSummary, raws: string[], rowCount: number): TableProfile['period'] | undefined {
  let from = c.minDate;
  let to = c.maxDate;
  if ((from === undefined || to === undefined) && c.min !== undefined && c.max !== undefined) {
    from = String(c.min);
    to = String(c.max);
  }
  if (from === undefined || to === undefined) {
    const keys = raws
      .map((r) => r.trim())
      .filter(Boolean)
      .sort();
    if (!keys.length) return undefined;
    from = keys[0];
    to = keys[keys.length - 1];
  }
  const fromKey = timeKey(from) ?? from;
  const toKey = timeKey(to) ?? to;
  const granularity: 'day' | 'month' | 'year' | 'other' = /^\d{4}-\d{2}-\d{2}/.test(fromKey)
    ? 'day'
    : /^\d{4}-\d{2}$/.test(fromKey)
      ? 'month'
      : /^\d{4}$/.test(fromKey)
        ? 'year'
        : 'other';
  const distinct = c.distinctCapped ? c.nonEmpty : c.distinct;
  const y0 = Number(fromKey.slice(0, 4));
  const y1 = Number(toKey.slice(0, 4));
  const years = granularity !== 'other' && Number.isFinite(y0) && Number.isFinite(y1) && y1 >= y0 ? y1 - y0 + 1 : undefined;
  // One row for each period of the span, none missing (540 holidays over 31 years are not 540 days of data).
  let span: number | undefined;
  if (granularity === 'day') span = Math.round((Date.parse(toKey.slice(0, 10)) - Date.parse(fromKey.slice(0, 10))) / 86_400_000) + 1;
  else if (granularity === 'month')
    span = (Number(toKey.slice(0, 4)) - Number(fromKey.slice(0, 4))) * 12 + Number(toKey.slice(5, 7)) - Number(fromKey.slice(5, 7)) + 1;
  else if (granularity === 'year') span = Number(toKey) - Number(fromKey) + 1;
  const onePerRow = c.nonEmpty === rowCount && span === rowCount && (c.distinctCapped || c.distinct === rowCount);
  return { column: c.name, from, to, distinct: onePerRow ? rowCount : distinct, granularity, onePerRow, ...(years ? { years } : {}) };
}

/** A measure's exact range and mean, the rows above zero when it is often zero, and its yearly means' change. */
function measureOf(
  c: Col,
  allRows: string[][],
  timeCol: Col | undefined,
  numbers: number[],
  totalRow?: (r: string[]) => boolean,
): NonNullable<TableProfile['measures']>[number] {
  const s = c.summary;
  const out: NonNullable<TableProfile['measures']>[number] = {
    column: s.name,
    ...(c.unit ? { unit: c.unit } : {}),
    min: round(s.min ?? 0),
    max: round(s.max ?? 0),
    mean: round(s.mean ?? 0),
  };
  // Every row is at hand (no sample): the range and mean without the total rows.
  const rows = totalRow ? allRows.filter((r) => !totalRow(r)) : allRows;
  if (totalRow && rows.length < allRows.length) {
    const values = rows.map((r) => num(r[c.index])).filter((v): v is number => v !== undefined);
    if (values.length) {
      out.min = round(Math.min(...values));
      out.max = round(Math.max(...values));
      out.mean = round(values.reduce((a, b) => a + b, 0) / values.length);
    }
  }
  numbers.push(out.min, out.max, out.mean);
  let zeros = 0;
  let filled = 0;
  const perYear = new Map<string, { sum: number; n: number }>();
  for (const r of rows) {
    const v = num(r[c.index]);
    if (v === undefined) continue;
    filled++;
    if (v === 0) zeros++;
    if (timeCol) {
      const k = timeKey(r[timeCol.index] ?? '');
      if (!k || !/^\d{4}/.test(k)) continue;
      const a = perYear.get(k.slice(0, 4)) ?? { sum: 0, n: 0 };
      a.sum += v;
      a.n++;
      perYear.set(k.slice(0, 4), a);
    }
  }
  if (filled && zeros >= filled * 0.2 && s.min !== undefined && s.min >= 0) {
    // Scaled to the whole file when the rows are a sample.
    out.positive = Math.round(((filled - zeros) / filled) * s.nonEmpty);
    numbers.push(out.positive, Math.round(((filled - zeros) / filled) * 1000) / 10);
  }
  // Yearly means only from years with several rows (a daily or monthly series; partial years at
  // either end left out), at least two of them, and only when most years are that full.
  const all = [...perYear.keys()].sort();
  const years = all.filter((y) => perYear.get(y)!.n >= 6);
  if (years.length >= 2 && years.length >= all.length - 2) {
    const mean = (y: string) => round(perYear.get(y)!.sum / perYear.get(y)!.n);
    const values = years.map(mean);
    const first = { label: years[0], value: values[0] };
    const last = { label: years[years.length - 1], value: values[values.length - 1] };
    const spread = Math.max(...values) - Math.min(...values);
    const change = last.value - first.value;
    const scale = Math.max(Math.abs(first.value), Math.abs(last.value), s.max !== undefined && s.min !== undefined ? s.max - s.min : 0) || 1;
    const direction = Math.abs(change) < scale * 0.02 || Math.abs(change) < spread * 0.3 ? 'flat' : change > 0 ? 'up' : 'down';
    out.yearly = { first, last, direction };
    numbers.push(first.value, last.value, round(change), round(Math.abs(change)));
  }
  return out;
}
