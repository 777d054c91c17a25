export { sweepHeatmap } from "./heatmap.js";
export type { PlotlyFigure } from "./heatmap.js";
export {
  axisStyle,
  baseLayout,
  CLASS_COLOR_LIST,
  CLASS_COLORS,
  classLabel,
  classShortLabel,
  COLUMN_WIDTH_IN,
  COLUMN_WIDTHS,
  CSS_PX_PER_INCH,
  figureSize,
  FONT_FAMILY,
  FONT_SIZE,
  METRIC_LABELS,
  metricLabel,
  QUESTION_TYPE_COLORS,
  QUESTION_TYPE_ORDER,
  questionTypeLabel,
  STATEMENT_LABEL_COLORS,
  STATEMENT_LABELS,
  TICK_FONT_SIZE,
  TITLE_FONT_SIZE,
} from "./palette.js";
export type { ColumnWidth, StatementLabel } from "./palette.js";
export { FIG6_PAPER, FIG7_STATEMENT_VALIDATION, TABLE15_STATEMENT_ERRORS } from "./paper-numbers.js";
export {
  calibrateCap,
  calibrationMarkdown,
  classCounts,
  classExamples,
  classMeans,
  directionalMeans,
  examplesMarkdown,
  extremeExamples,
  questionTypeCounts,
  releasedSweepInputs,
  scoresByClass,
  SOURCE_LABELS,
  sourceClassCounts,
  sourceLabel,
} from "./data.js";
export type { CalibrationOptions, CalibrationResult, ClassScores, ExampleRow, SourceCounts } from "./data.js";
export {
  classConfusionFigure,
  classCountsFigure,
  classKeyEntries,
  classMeansFigure,
  confusionMatricesFigure,
  confusionMatrixFigure,
  estimatedTextWidth,
  keyAnnotations,
  levelLabel,
  questionTypesFigure,
  round4,
  scoreDistributionFigure,
  sourcesFigure,
  statementErrorsByTypeFigure,
  statementValidationFigure,
  thresholdFigure,
} from "./builders.js";
export type { FigureOptions, ScoreDistributionOptions, ThresholdFigureInput } from "./builders.js";
export { figureCatalogue } from "./catalogue.js";
export type { Catalogue, CatalogueInputs, FigureEntry } from "./catalogue.js";
export { FIGURE_CONFIG, figuresPage, figureToHtml, plotlyScriptTag, resetFigureHtml, scriptJson } from "./html.js";
export type { FigureHtmlOptions } from "./html.js";
export {
  CHROMIUM_ARGS,
  CHROMIUM_ENV,
  CHROMIUM_INSTALL_HINT,
  columnPixelWidth,
  exportFigures,
  FIGURE_FORMATS,
  FigureExporter,
  figureFileName,
  findChromium,
  normalisePdf,
  PDF_FIXED_DATE,
  pngDimensions,
  pngPixelSize,
  setPngDpi,
  specSize,
} from "./export.js";
export type { ExportedFile, ExporterOptions, FigureFormat, FigureIndex, FigureJob } from "./export.js";
export { CARTESIAN_TRACE_TYPES, cartesianBundle, cartesianBundlePath, cartesianVersion, plotlyBundle, plotlyBundlePath, plotlyVersion } from "./plotly-bundle.js";
export { calibrationExplorerFigure, steppedFigure } from "./sliders.js";
export {
  closeNotebookFigures,
  DEFAULT_PLOTLY_PORT,
  displayFigure,
  ensureLocalPlotlyServer,
  figureBundle,
  kernelWriter,
  notebookFigureHtml,
  PLOTLY_MIME,
  PLOTLY_PORT_ENV,
  PLOTLY_URL_ENV,
  plotlyCarrierBundle,
  plotlyCdnUrl,
  plotlyIntegrity,
  plotlyPort,
  plotlySources,
  prepareFigures,
  renderFigureImage,
  renderPageImage,
  sizedSpec,
} from "./notebook.js";
export type { DisplayFigureOptions, DisplayWriter, FigureImage, MimeBundle, PlotlySource } from "./notebook.js";
export { PLOTLY_DEFAULT_SIZE, scaleFigure, screenFigure, screenScale } from "./screen.js";
export { CARRIED_PLOTLY_SCRIPT, carriedBundleDraws, CARRIER_ATTRIBUTE, carrierNote, inlinePlotlyScript, plotlyCarrierHtml, traceTypes } from "./carrier.js";
export { SWEEP_HEATMAPS, sweepHeatmaps, sweepHeatmapSpec } from "./sweep-heatmaps.js";
export type { SweepHeatmap, SweepHeatmapOptions, SweepHeatmapStatistic } from "./sweep-heatmaps.js";
