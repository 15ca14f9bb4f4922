export declare const DOC: string[];
export declare const KPI: string[];
export declare const VAL: string[];
export declare const INIT: string[];
