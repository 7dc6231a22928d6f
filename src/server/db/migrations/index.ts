import type { Migration } from 'kysely'
import * as m0001 from './2026_11_22_0001_users'
import * as m0002 from './2026_11_22_0002_members'
import * as m0003 from './2026_11_22_0003_member_search_cover'
import * as m0004 from './2026_11_22_0004_member_counts'
import * as m0005 from './2026_11_25_0005_member_search_pg'
import * as m0301 from './2026_11_25_0301_roles_sessions_history'
import * as m0201 from './2026_11_25_0201_pending_imports'
import * as m0401 from './2026_11_25_0401_member_stats_indexes'
import * as m0501 from './2026_11_25_0501_search_text_version'
import * as m260401 from './2026_11_26_0401_member_create_keys'
import * as m2605 from './2026_11_26_0501_ethiopian_member_fields'
import * as m261401 from './2026_11_26_1401_member_name_index'
import * as m261501 from './2026_11_26_1501_member_ministry_counts'
import * as m270101 from './2026_11_27_0101_member_search_joined_words'
import * as m270601 from './2026_11_27_0601_member_owner_newest'
import * as m271001 from './2026_11_27_1001_member_text_index_edges'
import * as m271201 from './2026_11_27_1201_member_search_grams'
import * as m271301 from './2026_11_27_1301_member_month_day_ids'
import * as m290201 from './2026_11_29_0201_households'
import * as m290401 from './2026_11_29_0401_church_profile'
import * as m290402 from './2026_11_29_0402_dues'
import * as m290501 from './2026_11_29_0501_cash_days'
import * as m290601 from './2026_11_29_0601_member_external_id'
import * as m291001 from './2026_11_29_1001_household_dues'
import * as m291101 from './2026_11_29_1101_household_search_fts'
import * as m291201 from './2026_11_29_1201_pending_import_rows'
import * as m291301 from './2026_11_29_1301_dues_standings'
import * as m291501 from './2026_11_29_1501_household_search_letters'
import * as m291601 from './2026_11_29_1601_church_id_card_languages'
import * as m300101 from './2026_11_30_0101_household_create_keys'
import * as m300201 from './2026_11_30_0201_fund_create_keys'
import * as m300301 from './2026_11_30_0301_account_create_keys'
import * as m300401 from './2026_11_30_0401_church_public_url'
import * as m020101 from './2026_12_02_0101_member_update_triggers_unjoined'

/**
 * Every migration, by name. A static list (not a folder scan) so the bundler, jest and
 * esbuild-register all see the same set. Names sort in the order they run.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_users': m0001,
  '2026_11_22_0002_members': m0002,
  '2026_11_22_0003_member_search_cover': m0003,
  '2026_11_22_0004_member_counts': m0004,
  '2026_11_25_0005_member_search_pg': m0005,
  '2026_11_25_0301_roles_sessions_history': m0301,
  '2026_11_25_0201_pending_imports': m0201,
  '2026_11_25_0401_member_stats_indexes': m0401,
  '2026_11_25_0501_search_text_version': m0501,
  '2026_11_26_0401_member_create_keys': m260401,
  '2026_11_26_0501_ethiopian_member_fields': m2605,
  '2026_11_26_1401_member_name_index': m261401,
  '2026_11_26_1501_member_ministry_counts': m261501,
  '2026_11_27_0101_member_search_joined_words': m270101,
  '2026_11_27_0601_member_owner_newest': m270601,
  '2026_11_27_1001_member_text_index_edges': m271001,
  '2026_11_27_1201_member_search_grams': m271201,
  '2026_11_27_1301_member_month_day_ids': m271301,
  '2026_11_29_0201_households': m290201,
  '2026_11_29_0401_church_profile': m290401,
  '2026_11_29_0402_dues': m290402,
  '2026_11_29_0501_cash_days': m290501,
  '2026_11_29_0601_member_external_id': m290601,
  '2026_11_29_1001_household_dues': m291001,
  '2026_11_29_1101_household_search_fts': m291101,
  '2026_11_29_1201_pending_import_rows': m291201,
  '2026_11_29_1301_dues_standings': m291301,
  '2026_11_29_1501_household_search_letters': m291501,
  '2026_11_29_1601_church_id_card_languages': m291601,
  '2026_11_30_0101_household_create_keys': m300101,
  '2026_11_30_0201_fund_create_keys': m300201,
  '2026_11_30_0301_account_create_keys': m300301,
  '2026_11_30_0401_church_public_url': m300401,
  '2026_12_02_0101_member_update_triggers_unjoined': m020101,
}
