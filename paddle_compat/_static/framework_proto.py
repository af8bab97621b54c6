"""Paddle's paddle/fluid/framework/framework.proto (proto2, package paddle.framework.proto) as
tables: the messages a ProgramDesc holds, their fields, and the enums.

Each message is {field number: (field name, kind, label)} where kind is a scalar kind ("int32",
"int64", "bool", "string", "float", "double"), "enum:<Enum>" or "message:<Message>", and label is
"required", "optional" or "repeated" (proto2 repeated scalars here are unpacked, as Paddle's
framework.proto declares them). Field numbers and enum values are Paddle 3.3.1's (read from its
generated framework_pb2 descriptors). wire_format.py encodes and decodes messages with these tables.
"""

__all__ = ["MESSAGES", "ENUMS", "ATTR_TYPE", "ATTR_TYPE_NAMES", "VAR_TYPE", "VAR_TYPE_NAMES",
           "DEFAULTS"]

REQ, OPT, REP = "required", "optional", "repeated"

ENUMS = {
    "AttrType": {"INT": 0, "FLOAT": 1, "STRING": 2, "INTS": 3, "FLOATS": 4, "STRINGS": 5,
                 "BOOLEAN": 6, "BOOLEANS": 7, "BLOCK": 8, "LONG": 9, "BLOCKS": 10, "LONGS": 11,
                 "FLOAT64S": 12, "VAR": 13, "VARS": 14, "FLOAT64": 15, "SCALAR": 16,
                 "SCALARS": 17},
    "VarType.Type": {
        # POD types
        "BOOL": 0, "INT16": 1, "INT32": 2, "INT64": 3, "FP16": 4, "FP32": 5, "FP64": 6,
        "SIZE_T": 19, "UINT8": 20, "INT8": 21, "BF16": 22, "COMPLEX64": 23, "COMPLEX128": 24,
        "FP8_E4M3FN": 32, "FP8_E5M2": 33, "UINT16": 36, "UINT32": 37, "UINT64": 38,
        # variable kinds
        "DENSE_TENSOR": 7, "SELECTED_ROWS": 8, "FEED_MINIBATCH": 9, "FETCH_LIST": 10,
        "STEP_SCOPES": 11, "LOD_RANK_TABLE": 12, "DENSE_TENSOR_ARRAY": 13, "PLACE_LIST": 14,
        "READER": 15, "RAW": 17, "TUPLE": 18, "STRING": 25, "STRINGS": 26, "VOCAB": 27,
        "FEED_LIST": 28, "PSTRING": 29, "SPARSE_COO": 30, "SPARSE_CSR": 31},
    "Scalar.Type": {"BOOLEAN": 1, "LONG": 2, "FLOAT64": 3, "COMPLEX128": 4},
}

MESSAGES = {
    "Version": {1: ("version", "int64", OPT)},
    "OpDesc.Attr": {
        1: ("name", "string", REQ), 2: ("type", "enum:AttrType", REQ),
        3: ("i", "int32", OPT), 4: ("f", "float", OPT), 5: ("s", "string", OPT),
        6: ("ints", "int32", REP), 7: ("floats", "float", REP), 8: ("strings", "string", REP),
        10: ("b", "bool", OPT), 11: ("bools", "bool", REP), 12: ("block_idx", "int32", OPT),
        13: ("l", "int64", OPT), 14: ("blocks_idx", "int32", REP), 15: ("longs", "int64", REP),
        16: ("float64s", "double", REP), 17: ("var_name", "string", OPT),
        18: ("vars_name", "string", REP), 19: ("float64", "double", OPT),
        20: ("scalar", "message:Scalar", OPT), 21: ("scalars", "message:Scalar", REP)},
    "OpDesc.Var": {1: ("parameter", "string", REQ), 2: ("arguments", "string", REP)},
    "OpDesc": {
        1: ("inputs", "message:OpDesc.Var", REP), 2: ("outputs", "message:OpDesc.Var", REP),
        3: ("type", "string", REQ), 4: ("attrs", "message:OpDesc.Attr", REP),
        5: ("is_target", "bool", OPT)},
    "Complex": {1: ("r", "double", REQ), 2: ("i", "double", REQ)},
    "Scalar": {1: ("type", "enum:Scalar.Type", REQ), 2: ("b", "bool", OPT),
               3: ("i", "int64", OPT), 4: ("r", "double", OPT),
               5: ("c", "message:Complex", OPT)},
    "VarType.TensorDesc": {1: ("data_type", "enum:VarType.Type", REQ),
                           2: ("dims", "int64", REP)},
    "VarType.DenseTensorDesc": {1: ("tensor", "message:VarType.TensorDesc", REQ),
                                2: ("legacy_lod_level", "int32", OPT)},
    "VarType.DenseTensorArrayDesc": {1: ("tensor", "message:VarType.TensorDesc", REQ),
                                     2: ("legacy_lod_level", "int32", OPT)},
    "VarType.ReaderDesc": {1: ("dense_tensor", "message:VarType.DenseTensorDesc", REP)},
    "VarType.Tuple": {1: ("element_type", "enum:VarType.Type", REP)},
    "VarType": {
        1: ("type", "enum:VarType.Type", REQ),
        2: ("selected_rows", "message:VarType.TensorDesc", OPT),
        3: ("dense_tensor", "message:VarType.DenseTensorDesc", OPT),
        4: ("tensor_array", "message:VarType.DenseTensorArrayDesc", OPT),
        5: ("reader", "message:VarType.ReaderDesc", OPT),
        7: ("tuple", "message:VarType.Tuple", OPT),
        8: ("string", "message:VarType.TensorDesc", OPT),
        9: ("strings", "message:VarType.TensorDesc", OPT),
        10: ("vocab", "message:VarType.TensorDesc", OPT),
        11: ("sparse_coo", "message:VarType.TensorDesc", OPT),
        12: ("sparse_csr", "message:VarType.TensorDesc", OPT)},
    "VarDesc.Attr": {1: ("name", "string", REQ), 2: ("type", "enum:AttrType", REQ),
                     3: ("i", "int32", OPT), 4: ("s", "string", OPT),
                     5: ("ints", "int32", REP)},
    "VarDesc": {
        1: ("name", "string", REQ), 2: ("type", "message:VarType", REQ),
        3: ("persistable", "bool", OPT), 4: ("need_check_feed", "bool", OPT),
        5: ("is_parameter", "bool", OPT), 6: ("stop_gradient", "bool", OPT),
        7: ("attrs", "message:VarDesc.Attr", REP)},
    "BlockDesc": {
        1: ("idx", "int32", REQ), 2: ("parent_idx", "int32", REQ),
        3: ("vars", "message:VarDesc", REP), 4: ("ops", "message:OpDesc", REP),
        5: ("forward_block_idx", "int32", OPT)},
    "OpVersion": {1: ("version", "int32", REQ)},
    "OpVersionMap.OpVersionPair": {1: ("op_name", "string", REQ),
                                   2: ("op_version", "message:OpVersion", REQ)},
    "OpVersionMap": {1: ("pair", "message:OpVersionMap.OpVersionPair", REP)},
    "ProgramDesc": {
        # 2 and 3 are reserved (an old op_compatible_map)
        1: ("blocks", "message:BlockDesc", REP), 4: ("version", "message:Version", OPT),
        5: ("op_version_map", "message:OpVersionMap", OPT)},
}

# proto2 defaults of the optional fields that have one other than the type's zero.
DEFAULTS = {("BlockDesc", "forward_block_idx"): -1}

ATTR_TYPE = ENUMS["AttrType"]
ATTR_TYPE_NAMES = {v: k for k, v in ATTR_TYPE.items()}
VAR_TYPE = ENUMS["VarType.Type"]
VAR_TYPE_NAMES = {v: k for k, v in VAR_TYPE.items()}
