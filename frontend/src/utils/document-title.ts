export const SITE_NAME = 'monobook';

/** "都道府県別 健康保険料率 — monobook": each screen names itself in the tab, the history and search results. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} — ${SITE_NAME}` : SITE_NAME;
}
