/* clang_api.h: libclang, loaded when a scan first needs it rather than when snc starts.
 *
 * Linking libclang-19 makes every snc process map libLLVM (about 100 MB) and have the
 * dynamic loader apply its half a million relocations before main: 0.05-0.1 s of CPU, more
 * than an unchanged rescan of a small library costs otherwise. The analyzer therefore
 * opens libclang with dlopen (clang_load.c) when a unit must be parsed or a
 * compile_commands.json needs clang's own reader, and calls it through the table below.
 * The names the analyzer's files use stay libclang's: each is defined here as its entry
 * in the table. A function the analyzer starts to use must be added to SA_CLANG_FUNCTIONS. */
#ifndef SNC_ANALYZER_CLANG_API_H
#define SNC_ANALYZER_CLANG_API_H

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

#define SA_CLANG_FUNCTIONS(X) \
	X(CompilationDatabase_dispose) \
	X(CompilationDatabase_fromDirectory) \
	X(CompilationDatabase_getAllCompileCommands) \
	X(CompileCommand_getArg) \
	X(CompileCommand_getDirectory) \
	X(CompileCommand_getFilename) \
	X(CompileCommand_getNumArgs) \
	X(CompileCommands_dispose) \
	X(CompileCommands_getCommand) \
	X(CompileCommands_getSize) \
	X(Cursor_Evaluate) \
	X(Cursor_getArgument) \
	X(Cursor_getNumArguments) \
	X(Cursor_getStorageClass) \
	X(Cursor_isBitField) \
	X(Cursor_isFunctionInlined) \
	X(Cursor_isMacroFunctionLike) \
	X(Cursor_isNull) \
	X(EvalResult_dispose) \
	X(EvalResult_getAsLongLong) \
	X(EvalResult_getKind) \
	X(File_isEqual) \
	X(Location_isInSystemHeader) \
	X(PrintingPolicy_dispose) \
	X(Type_getSizeOf) \
	X(Type_visitFields) \
	X(createIndex) \
	X(disposeDiagnostic) \
	X(disposeIndex) \
	X(disposeString) \
	X(disposeTokens) \
	X(disposeTranslationUnit) \
	X(equalCursors) \
	X(getArgType) \
	X(getBinaryOperatorKindSpelling) \
	X(getCString) \
	X(getCanonicalType) \
	X(getCursorBinaryOperatorKind) \
	X(getCursorDefinition) \
	X(getCursorExtent) \
	X(getCursorKind) \
	X(getCursorLocation) \
	X(getCursorPrettyPrinted) \
	X(getCursorPrintingPolicy) \
	X(getCursorReferenced) \
	X(getCursorResultType) \
	X(getCursorSemanticParent) \
	X(getCursorSpelling) \
	X(getCursorTLSKind) \
	X(getCursorType) \
	X(getCursorUSR) \
	X(getCursorUnaryOperatorKind) \
	X(getDiagnostic) \
	X(getDiagnosticLocation) \
	X(getDiagnosticSeverity) \
	X(getDiagnosticSpelling) \
	X(getArraySize) \
	X(getElementType) \
	X(getEnumConstantDeclValue) \
	X(getEnumDeclIntegerType) \
	X(getExpansionLocation) \
	X(getFileName) \
	X(getInclusions) \
	X(getLocationForOffset) \
	X(getNullCursor) \
	X(getNumArgTypes) \
	X(getNumDiagnostics) \
	X(getPointeeType) \
	X(getRange) \
	X(getRangeStart) \
	X(getResultType) \
	X(getSpellingLocation) \
	X(getToken) \
	X(getTokenKind) \
	X(getTokenSpelling) \
	X(getTranslationUnitCursor) \
	X(getTypeDeclaration) \
	X(getTypeSpelling) \
	X(getUnaryOperatorKindSpelling) \
	X(getUnqualifiedType) \
	X(isAttribute) \
	X(isConstQualifiedType) \
	X(isCursorDefinition) \
	X(isExpression) \
	X(isFunctionTypeVariadic) \
	X(parseTranslationUnit2) \
	X(tokenize) \
	X(visitChildren)

/* The table: one pointer per function, of the function's own type. */
struct sa_clang_api {
#define SA_CLANG_POINTER(name) __typeof__(clang_##name) *name;
	SA_CLANG_FUNCTIONS(SA_CLANG_POINTER)
#undef SA_CLANG_POINTER
};
extern struct sa_clang_api sa_clang;

/* Loads libclang and fills sa_clang (once; safe from any thread). When libclang cannot be
 * loaded, the process ends with a one-line message and status 2, as a missing library
 * would have ended it at start before. */
void sa_clang_load(void);

#define clang_CompilationDatabase_dispose sa_clang.CompilationDatabase_dispose
#define clang_CompilationDatabase_fromDirectory sa_clang.CompilationDatabase_fromDirectory
#define clang_CompilationDatabase_getAllCompileCommands sa_clang.CompilationDatabase_getAllCompileCommands
#define clang_CompileCommand_getArg sa_clang.CompileCommand_getArg
#define clang_CompileCommand_getDirectory sa_clang.CompileCommand_getDirectory
#define clang_CompileCommand_getFilename sa_clang.CompileCommand_getFilename
#define clang_CompileCommand_getNumArgs sa_clang.CompileCommand_getNumArgs
#define clang_CompileCommands_dispose sa_clang.CompileCommands_dispose
#define clang_CompileCommands_getCommand sa_clang.CompileCommands_getCommand
#define clang_CompileCommands_getSize sa_clang.CompileCommands_getSize
#define clang_Cursor_Evaluate sa_clang.Cursor_Evaluate
#define clang_Cursor_getArgument sa_clang.Cursor_getArgument
#define clang_Cursor_getNumArguments sa_clang.Cursor_getNumArguments
#define clang_Cursor_getStorageClass sa_clang.Cursor_getStorageClass
#define clang_Cursor_isBitField sa_clang.Cursor_isBitField
#define clang_Cursor_isFunctionInlined sa_clang.Cursor_isFunctionInlined
#define clang_Cursor_isMacroFunctionLike sa_clang.Cursor_isMacroFunctionLike
#define clang_Cursor_isNull sa_clang.Cursor_isNull
#define clang_EvalResult_dispose sa_clang.EvalResult_dispose
#define clang_EvalResult_getAsLongLong sa_clang.EvalResult_getAsLongLong
#define clang_EvalResult_getKind sa_clang.EvalResult_getKind
#define clang_File_isEqual sa_clang.File_isEqual
#define clang_Location_isInSystemHeader sa_clang.Location_isInSystemHeader
#define clang_PrintingPolicy_dispose sa_clang.PrintingPolicy_dispose
#define clang_Type_getSizeOf sa_clang.Type_getSizeOf
#define clang_Type_visitFields sa_clang.Type_visitFields
#define clang_createIndex sa_clang.createIndex
#define clang_disposeDiagnostic sa_clang.disposeDiagnostic
#define clang_disposeIndex sa_clang.disposeIndex
#define clang_disposeString sa_clang.disposeString
#define clang_disposeTokens sa_clang.disposeTokens
#define clang_disposeTranslationUnit sa_clang.disposeTranslationUnit
#define clang_equalCursors sa_clang.equalCursors
#define clang_getArgType sa_clang.getArgType
#define clang_getBinaryOperatorKindSpelling sa_clang.getBinaryOperatorKindSpelling
#define clang_getCString sa_clang.getCString
#define clang_getCanonicalType sa_clang.getCanonicalType
#define clang_getCursorBinaryOperatorKind sa_clang.getCursorBinaryOperatorKind
#define clang_getCursorDefinition sa_clang.getCursorDefinition
#define clang_getCursorExtent sa_clang.getCursorExtent
#define clang_getCursorKind sa_clang.getCursorKind
#define clang_getCursorLocation sa_clang.getCursorLocation
#define clang_getCursorPrettyPrinted sa_clang.getCursorPrettyPrinted
#define clang_getCursorPrintingPolicy sa_clang.getCursorPrintingPolicy
#define clang_getCursorReferenced sa_clang.getCursorReferenced
#define clang_getCursorResultType sa_clang.getCursorResultType
#define clang_getCursorSemanticParent sa_clang.getCursorSemanticParent
#define clang_getCursorSpelling sa_clang.getCursorSpelling
#define clang_getCursorTLSKind sa_clang.getCursorTLSKind
#define clang_getCursorType sa_clang.getCursorType
#define clang_getCursorUSR sa_clang.getCursorUSR
#define clang_getCursorUnaryOperatorKind sa_clang.getCursorUnaryOperatorKind
#define clang_getDiagnostic sa_clang.getDiagnostic
#define clang_getDiagnosticLocation sa_clang.getDiagnosticLocation
#define clang_getDiagnosticSeverity sa_clang.getDiagnosticSeverity
#define clang_getDiagnosticSpelling sa_clang.getDiagnosticSpelling
#define clang_getArraySize sa_clang.getArraySize
#define clang_getElementType sa_clang.getElementType
#define clang_getEnumConstantDeclValue sa_clang.getEnumConstantDeclValue
#define clang_getEnumDeclIntegerType sa_clang.getEnumDeclIntegerType
#define clang_getExpansionLocation sa_clang.getExpansionLocation
#define clang_getFileName sa_clang.getFileName
#define clang_getInclusions sa_clang.getInclusions
#define clang_getLocationForOffset sa_clang.getLocationForOffset
#define clang_getNullCursor sa_clang.getNullCursor
#define clang_getNumArgTypes sa_clang.getNumArgTypes
#define clang_getNumDiagnostics sa_clang.getNumDiagnostics
#define clang_getPointeeType sa_clang.getPointeeType
#define clang_getRange sa_clang.getRange
#define clang_getRangeStart sa_clang.getRangeStart
#define clang_getResultType sa_clang.getResultType
#define clang_getSpellingLocation sa_clang.getSpellingLocation
#define clang_getToken sa_clang.getToken
#define clang_getTokenKind sa_clang.getTokenKind
#define clang_getTokenSpelling sa_clang.getTokenSpelling
#define clang_getTranslationUnitCursor sa_clang.getTranslationUnitCursor
#define clang_getTypeDeclaration sa_clang.getTypeDeclaration
#define clang_getTypeSpelling sa_clang.getTypeSpelling
#define clang_getUnaryOperatorKindSpelling sa_clang.getUnaryOperatorKindSpelling
#define clang_getUnqualifiedType sa_clang.getUnqualifiedType
#define clang_isAttribute sa_clang.isAttribute
#define clang_isConstQualifiedType sa_clang.isConstQualifiedType
#define clang_isCursorDefinition sa_clang.isCursorDefinition
#define clang_isExpression sa_clang.isExpression
#define clang_isFunctionTypeVariadic sa_clang.isFunctionTypeVariadic
#define clang_parseTranslationUnit2 sa_clang.parseTranslationUnit2
#define clang_tokenize sa_clang.tokenize
#define clang_visitChildren sa_clang.visitChildren

#endif
