/**
 * The theme charts are drawn in: `dark` on a big screen (white text and axes on the screen's navy), `light`
 * everywhere else. A page sets it for the charts inside it; a chart does not know what page it is on.
 */
import { createContext, useContext } from 'react';

export type ChartTheme = 'light' | 'dark';

export const ChartThemeContext = createContext<ChartTheme>('light');

export const useChartTheme = (): ChartTheme => useContext(ChartThemeContext);
