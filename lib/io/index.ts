export { checkOutputFile, samePath } from "./output-file.js";
export { otherProcessAlive, removePartials, trackPartial, untrackPartial } from "./partials.js";
export { NAME_MAX_BYTES, OUTPUT_FILE_SUFFIX_BYTES, OUTPUT_FOLDER_SUFFIX_BYTES, outputNameProblem, PATH_MAX_BYTES } from "./names.js";
export { movedWriteError, writeError, WriteError } from "./write-errors.js";
export { backoffDelay, isRedirect, parseRetryAfter, readCapped, redirectTarget } from "./http.js";
export type { CappedBody } from "./http.js";
export { CSV_FORMULA_GUARD_ENV, csvCell, csvEscape, csvFormulaGuardDefault, guardFormula, isDecimalText, parseCsv, parseCsvRecords, requireColumns, toCsv } from "./csv.js";
export type { CsvRecord, CsvTable, CsvWriteOptions } from "./csv.js";
export { DataError, DataProblems, formatLocation } from "./errors.js";
export type { DataProblemLocation } from "./errors.js";
export { readRowTable, stringColumn, writeRowTable } from "./row-table.js";
export type { RowTable } from "./row-table.js";
export { cellText, formatOf, locateInvalidUtf8, openRowSource, RowWriter } from "./row-stream.js";
export type { RowRecord, RowSource, TableFormat } from "./row-stream.js";
export { columnsOf, fixed, formatNumber, markdownTable, tableHtml, writeFileAtomic, writeTable } from "./format.js";
export type { Cell, TableHtmlOptions } from "./format.js";
export { checkOutputFolder, FOLDER_MANIFEST, writeFolder, writeFolderAsync } from "./folder.js";
export { buildManifest, capqaVersion, fileDigest, MANIFEST_CONSTANTS, manifestModel, modelFromKey, redactCommand } from "./manifest.js";
export type { FileDigest, Manifest, ManifestCap, ManifestInput, ManifestModel, ManifestModelInput } from "./manifest.js";
export { describeChanges, readManifest, verifyManifest } from "./manifest-verify.js";
export type { ManifestCheck, ManifestVerification } from "./manifest-verify.js";
export {
  COLUMN_ROLES,
  ColumnRolesConflict,
  checkColumnRoles,
  checkDistinctColumns,
  checkDistinctRoles,
  columnOfRole,
  columnsWithRoles,
  roleSettings,
  rowWithRoles,
  sourceWithRoles,
  tableWithRoles,
} from "./column-roles.js";
export type { ColumnRole, ColumnRoles, ColumnRolesCheck, RoleSettingName } from "./column-roles.js";
