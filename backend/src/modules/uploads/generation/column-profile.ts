import { mainSheet } from './local-generator';
import { type ColumnLabels, type ColumnProfileEntry, type ContentLanguage, type ExtractedContent, type TableColumnProfile, type TablePreview } from './types';
import { columnGlosses } from './wording';

const MAX_COLUMNS = 40;
const BARS = 20;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The column profile a Book shows for its main table: each column's type, role, missing share,
 * range or top values and histogram, and the chart of the headline measure (over time when the
 * table has a period, by label otherwise). Built from the extraction's running statistics, so it
 * costs nothing more on a large file; never holds a raw row.
 */
export function columnProfile(content: ExtractedContent, labels?: ColumnLabels): TableColumnProfile | null {
  if (content.kind !== 'table' || !content.sheets?.length) return null;
  const sheet = mainSheet(content.sheets);
  if (!sheet || !sheet.columns.length || sheet.rowCount === 0) return null;
  const roles = new Map((sheet.profile?.roles ?? []).map((r) => [r.name, r]));
  const rows = sheet.rowCount;
  const columns: ColumnProfileEntry[] = sheet.columns.slice(0, MAX_COLUMNS).map((c) => {
    const role = roles.get(c.name);
    const entry: ColumnProfileEntry = {
      name: c.name,
      type: c.type,
      role: role?.role ?? (c.type === 'empty' ? 'empty' : 'text'),
      missing: rows > 0 ? round(Math.max(0, rows - c.nonEmpty) / rows) : 0,
      distinct: c.distinct,
    };
    if (role?.unit) entry.unit = role.unit;
    if (c.distinctCapped) entry.distinctCapped = true;
    if (c.type === 'number' && c.min !== undefined && c.max !== undefined) {
      entry.min = round(c.min);
      entry.max = round(c.max);
      if (c.mean !== undefined) entry.mean = round(c.mean);
      if (c.bins) entry.bins = c.bins;
    } else if (c.type === 'date') {
      if (c.minDate) entry.from = c.minDate;
      if (c.maxDate) entry.to = c.maxDate;
    }
    // Frequent values only when some value repeats (a list of unique names says nothing).
    if (c.type !== 'number' && c.type !== 'empty' && c.topValues.length && c.topValues[0].count > 1)
      entry.top = c.topValues.slice(0, 5).map((t) => ({ value: t.value.slice(0, 60), count: t.count }));
    return entry;
  });
  const out: TableColumnProfile = labelProfile({ sheet: sheet.name, rows, sampled: sheet.profile?.sampled ?? false, columns }, labels);
  const p = sheet.profile;
  if (p?.headline && p.chart?.labels && p.chart.labels.length === p.chart.values.length && p.chart.values.length >= 2) {
    const line = p.chart.kind === 'line';
    const x = line ? p.trend?.column : p.entity?.column;
    if (x) {
      out.chart = {
        kind: p.chart.kind,
        measure: p.headline.column,
        ...(p.headline.unit ? { unit: p.headline.unit } : {}),
        x,
        aggregate: line
          ? p.headline.additive && p.trend && p.trend.periods === p.period?.distinct
            ? 'sum'
            : 'mean'
          : (p.rankedBy ?? (p.headline.additive ? 'sum' : 'mean')),
        // Bars: the 20 highest labels (an aggregate picture, not the table).
        labels: (line ? p.chart.labels : p.chart.labels.slice(0, BARS)).map((l) => l.slice(0, 40)),
        values: line ? p.chart.values : p.chart.values.slice(0, BARS),
      };
    }
  }
  return out;
}

const LABEL_MAX = 60;

/**
 * Gives each column of a profile its labels: the model's (when it wrote valid ones for that
 * column) over the glossary's. Also labels a profile stored before labels existed (the backfill).
 */
export function labelProfile(profile: TableColumnProfile, labels?: ColumnLabels): TableColumnProfile {
  const columns = profile.columns.map((c) => {
    const label: Partial<Record<ContentLanguage, string>> = { ...columnGlosses(c.name, c.unit) };
    const given = labels && Object.prototype.hasOwnProperty.call(labels, c.name) ? labels[c.name] : undefined;
    for (const lang of ['ja', 'en'] as const) {
      const text = given?.[lang];
      if (typeof text === 'string' && text.trim() && text.trim() !== c.name.trim()) label[lang] = text.trim().slice(0, LABEL_MAX);
    }
    const entry: ColumnProfileEntry = { ...c };
    delete entry.label;
    if (Object.keys(label).length) entry.label = label;
    return entry;
  });
  return { ...profile, columns, labelled: true };
}

/** The first 20 rows of the main table (its header as columns), or null for documents and photos. */
export function tablePreview(content: ExtractedContent): TablePreview | null {
  if (content.kind !== 'table' || !content.sheets?.length) return null;
  const sheet = mainSheet(content.sheets);
  if (!sheet || !sheet.columns.length) return null;
  const width = Math.min(sheet.columns.length, MAX_COLUMNS);
  const rows = (sheet.previewRows ?? sheet.sampleRows).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  return { sheet: sheet.name, columns: sheet.columns.slice(0, width).map((c) => c.name), rows };
}
