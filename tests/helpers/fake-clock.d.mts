export declare function shiftDate(offsetMs: number): void;
export declare function fakeClockOffsetMs(): number;
