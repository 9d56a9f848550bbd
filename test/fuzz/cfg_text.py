#!/usr/bin/env python3
"""Text front end for cfg_fuzz.py's exact oracle.

`cfg_fuzz.ground_truth` interprets the generator's own `Module` (functions of
regions of blocks of ops). This module parses MLIR *text* of the same subset
back into those structures, so that the oracle (`cfg_fuzz.Interp`,
`cfg_fuzz.ground_truth`) runs unchanged on a program that was edited after it
was rendered, e.g. by `mlir-memlint --fix` (test/fixes/fix_property.py):

    parse_module(text) -> cfg_fuzz.Module
    ground_truth_text(text) -> {(rule, line): (function, all_paths)}

Lines are the lines of the text given (1-based): an op's line is the line of
its first token (its first result, or its name), a terminator's likewise, a
function's the line of `func.func`, as cfg_fuzz.render_module assigns them;
for a rendered program `render_module(parse_module(text)) == text`.

The subset is what render_module prints plus what `--fix` adds to it (deallocs
anywhere, `scf.if` guards with an implicit terminator and an optional `else`,
new blocks and `cf.br` on edges, extra block arguments and successor operands,
`arith.constant true/false`, hoisted `memref.alloca`). Ops may span several
lines; `//` comments are skipped. Anything else raises `ParseError` with the
line.

Standard library only.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cfg_fuzz  # noqa: E402

Op, Term, Block, Region, Func, Module = (cfg_fuzz.Op, cfg_fuzz.Term, cfg_fuzz.Block,
                                         cfg_fuzz.Region, cfg_fuzz.Func, cfg_fuzz.Module)

# type text without blanks -> cfg_fuzz's type code
TYPE_CODES = {t.replace(" ", ""): code for code, t in cfg_fuzz.TYPES.items()}


class ParseError(Exception):
    def __init__(self, line, msg):
        super().__init__("line %d: %s" % (line, msg))
        self.line = line
        self.msg = msg


# ===----------------------------------------------------------------------=== #
# Lexer
# ===----------------------------------------------------------------------=== #

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r]+)
  | (?P<nl>\n)
  | (?P<comment>//[^\n]*)
  | (?P<value>%[A-Za-z0-9_$.\-]+)
  | (?P<block>\^[A-Za-z0-9_$.\-]+)
  | (?P<sym>@[A-Za-z0-9_$.\-]+)
  | (?P<memref>memref<)
  | (?P<arrow>->)
  | (?P<num>-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
  | (?P<id>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<punct>[(){}\[\],:=?<>])
""", re.X)


class Tok:
    __slots__ = ("kind", "text", "line")

    def __init__(self, kind, text, line):
        self.kind, self.text, self.line = kind, text, line

    def __repr__(self):
        return "%s %r@%d" % (self.kind, self.text, self.line)


def tokenize(text):
    toks, pos, line = [], 0, 1
    n = len(text)
    while pos < n:
        m = _TOKEN.match(text, pos)
        if not m:
            raise ParseError(line, "unexpected character %r" % text[pos])
        kind = m.lastgroup
        if kind == "nl":
            line += 1
        elif kind in ("ws", "comment"):
            pass
        elif kind == "memref":
            # a memref type: up to the matching '>' (no newline inside)
            depth, j = 1, m.end()
            while j < n and depth:
                c = text[j]
                if c == "<":
                    depth += 1
                elif c == ">":
                    depth -= 1
                elif c == "\n":
                    break
                j += 1
            if depth:
                raise ParseError(line, "unterminated memref type")
            toks.append(Tok("type", re.sub(r"\s+", "", text[m.start():j]), line))
            pos = j
            continue
        else:
            toks.append(Tok(kind, m.group(), line))
        pos = m.end()
    toks.append(Tok("eof", "", line))
    return toks


# ===----------------------------------------------------------------------=== #
# Parser
# ===----------------------------------------------------------------------=== #

SCALAR_TYPES = ("i1", "i32", "index", "f32")
ARITH_BIN = {"arith.xori": ("xori", "i1"), "arith.andi": ("andi", "i1"),
             "arith.ori": ("ori", "i1"), "arith.addi": ("addi", "index"),
             "arith.subi": ("subi", "index")}
CMPI_PREDS = ("eq", "ne", "sgt", "slt")


class Parser:
    def __init__(self, text):
        self.toks = tokenize(text)
        self.i = 0
        self.types = None  # name -> type code, per function

    # -- tokens --------------------------------------------------------------

    @property
    def tok(self):
        return self.toks[self.i]

    def error(self, msg, tok=None):
        tok = tok or self.tok
        raise ParseError(tok.line, "%s (at %r)" % (msg, tok.text or "end of input"))

    def next(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def at(self, text, kind=None):
        t = self.tok
        return t.text == text and (kind is None or t.kind == kind)

    def accept(self, text):
        if self.tok.text == text and self.tok.kind in ("punct", "arrow", "id"):
            self.i += 1
            return True
        return False

    def expect(self, text):
        if not self.accept(text):
            self.error("expected %r" % text)

    def expect_kind(self, kind):
        if self.tok.kind != kind:
            self.error("expected a %s" % kind)
        return self.next().text

    # -- values and types ----------------------------------------------------

    def type(self):
        t = self.tok
        if t.kind == "type":
            code = TYPE_CODES.get(t.text)
        elif t.kind == "id" and t.text in SCALAR_TYPES:
            code = t.text
        else:
            code = None
        if code is None:
            self.error("type outside the subset")
        self.i += 1
        return code

    def type_list(self):
        """T, T, ... (at least one)."""
        out = [self.type()]
        while self.accept(","):
            out.append(self.type())
        return out

    def paren_types(self):
        """( [T, ...] )"""
        self.expect("(")
        if self.accept(")"):
            return []
        out = self.type_list()
        self.expect(")")
        return out

    def result_types(self):
        """-> T | -> (T, ...)"""
        if self.at("("):
            return self.paren_types()
        return [self.type()]

    def use(self):
        return self.expect_kind("value")

    def uses(self):
        out = [self.use()]
        while self.accept(","):
            out.append(self.use())
        return out

    def define(self, name, code, tok):
        prev = self.types.get(name)
        if prev is not None and prev != code:
            raise ParseError(tok.line, "%s redefined with another type" % name)
        self.types[name] = code

    def check_type(self, name, code, tok, what="operand"):
        have = self.types.get(name)
        if have is None:
            self.pending.append((name, code, tok))
        elif code is not None and have != code:
            raise ParseError(tok.line, "%s %s has type %s, not %s" % (
                what, name, cfg_fuzz.TYPES[have], cfg_fuzz.TYPES[code]))

    # -- module --------------------------------------------------------------

    def module(self, text):
        mod = Module()
        lines = text.split("\n")
        # The header: the comment and blank lines before the first function.
        first = self.tok.line
        mod.header = lines[:first - 1]
        for k, ln in enumerate(mod.header):
            if ln.strip() and not ln.strip().startswith("//"):
                raise ParseError(k + 1, "unexpected text before the first function")
        wrapped = self.accept("module")
        if wrapped:
            self.expect("{")
        while self.at("func.func"):
            mod.funcs.append(self.func())
        if wrapped:
            self.expect("}")
        if self.tok.kind != "eof":
            self.error("expected func.func")
        if not mod.funcs:
            raise ParseError(first, "no function")
        names = [f.name for f in mod.funcs]
        for f in mod.funcs:
            for _, op in cfg_fuzz.walk_ops(f):
                if op.kind == "call" and op.attrs["callee"] not in names:
                    raise ParseError(op.line, "call of an unknown function @%s"
                                     % op.attrs["callee"])
        if len(set(names)) != len(names):
            raise ParseError(first, "two functions of one name")
        return mod

    def func(self):
        line = self.next().line  # func.func
        name = self.expect_kind("sym")[1:]
        self.types, self.pending = {}, []
        self.expect("(")
        args = []
        if not self.accept(")"):
            while True:
                t = self.tok
                n = self.use()
                self.expect(":")
                code = self.type()
                self.define(n, code, t)
                args.append((n, code))
                if self.accept(")"):
                    break
                self.expect(",")
        rtypes = self.result_types() if self.accept("->") else []
        f = Func(name, args, rtypes)
        f.line = line
        self.rtypes = rtypes
        f.body = self.region(entry_args=args, exit_kinds=("return",))
        for n, code, tok in self.pending:
            have = self.types.get(n)
            if have is None:
                raise ParseError(tok.line, "use of an undefined value %s" % n)
            if code is not None and have != code:
                raise ParseError(tok.line, "%s has type %s, not %s" % (
                    n, cfg_fuzz.TYPES[have], cfg_fuzz.TYPES[code]))
        check_dominance(f)
        return f

    # -- regions and blocks --------------------------------------------------

    def region(self, entry_args=None, exit_kinds=("yield",), implicit_yield=False,
               single_block=False):
        """{ blocks }. `entry_args`: the entry block's arguments when they are
        declared outside (function, loop); otherwise a label may declare them."""
        self.expect("{")
        blocks, pending = [], []
        first = True
        while not self.at("}"):
            t = self.tok
            if t.kind == "block":
                name = self.next().text
                bargs = []
                if self.accept("("):
                    if not self.accept(")"):
                        while True:
                            at = self.tok
                            n = self.use()
                            self.expect(":")
                            code = self.type()
                            self.define(n, code, at)
                            bargs.append((n, code))
                            if self.accept(")"):
                                break
                            self.expect(",")
                self.expect(":")
                if first and entry_args is not None and bargs:
                    raise ParseError(t.line, "entry block arguments declared twice")
                if first and entry_args:
                    bargs = list(entry_args)
                if any(b.name == name for b in blocks):
                    raise ParseError(t.line, "block %s defined twice" % name)
                b = Block(name, bargs)
            elif first:
                b = Block("", list(entry_args or ()))
            else:
                self.error("expected a block label or '}'")
            first = False
            blocks.append(b)
            self.block_body(b, pending, exit_kinds, implicit_yield)
        close = self.next()
        if not blocks:
            if not implicit_yield:
                raise ParseError(close.line, "empty region")
            b = Block("", list(entry_args or ()))
            b.term = Term("yield")
            b.term.line = close.line
            blocks.append(b)
        if single_block and len(blocks) > 1:
            raise ParseError(close.line, "a region of several blocks here")
        byname = {b.name: b for b in blocks if b.name}
        for term, dests in pending:
            succs = []
            for tok, name, opnds in dests:
                d = byname.get(name)
                if d is None:
                    raise ParseError(tok.line, "unknown block %s" % name)
                if d is blocks[0]:
                    raise ParseError(tok.line, "branch to the entry block")
                if len(opnds) != len(d.args):
                    raise ParseError(tok.line, "%s takes %d operands, not %d" % (
                        name, len(d.args), len(opnds)))
                for (n, code), (_, want) in zip(opnds, d.args):
                    if code != want:
                        raise ParseError(tok.line, "operand %s of type %s for an "
                                         "argument of type %s" % (n, cfg_fuzz.TYPES[code],
                                                                  cfg_fuzz.TYPES[want]))
                succs.append((d, [n for n, _ in opnds]))
            term.succs = succs
        return Region(blocks)

    def block_body(self, b, pending, exit_kinds, implicit_yield):
        while True:
            t = self.tok
            if t.kind == "eof":
                self.error("unterminated region")
            if self.at("}") or t.kind == "block":
                if implicit_yield and self.at("}"):
                    b.term = Term("yield")
                    b.term.line = t.line
                    return
                self.error("block without a terminator")
            term = self.terminator(pending, exit_kinds)
            if term is not None:
                b.term = term
                if not (self.at("}") or self.tok.kind == "block"):
                    self.error("op after the terminator")
                return
            b.ops.append(self.op())

    # -- terminators ---------------------------------------------------------

    def typed_uses(self):
        """[%a, ... : T, ...] -> [names], checking the types; nothing when
        the next token is not a value."""
        if self.tok.kind != "value":
            return [], []
        t = self.tok
        names = self.uses()
        self.expect(":")
        codes = self.type_list()
        if len(codes) != len(names):
            raise ParseError(t.line, "%d values, %d types" % (len(names), len(codes)))
        for n, c in zip(names, codes):
            self.check_type(n, c, t)
        return names, codes

    def dest(self):
        t = self.tok
        name = self.expect_kind("block")
        opnds = []
        if self.accept("("):
            names, codes = self.typed_uses()
            self.expect(")")
            opnds = list(zip(names, codes))
        return (t, name, opnds)

    def terminator(self, pending, exit_kinds):
        t = self.tok
        k = t.text if t.kind == "id" else None
        if k in ("return", "func.return"):
            kind = "return"
        elif k == "scf.yield":
            kind = "yield"
        elif k == "scf.condition":
            kind = "condition"
        elif k in ("cf.br", "cf.cond_br", "cf.switch"):
            kind = k[3:]
        else:
            return None
        if kind not in exit_kinds and kind not in ("br", "cond_br", "switch"):
            self.error("%s is not allowed here" % k)
        self.i += 1
        if kind in ("return", "yield"):
            names, codes = self.typed_uses()
            if kind == "return" and codes != self.rtypes:
                raise ParseError(t.line, "return types differ from the function's")
            term = Term(kind, names)
        elif kind == "condition":
            self.expect("(")
            c = self.use()
            self.check_type(c, "i1", t)
            self.expect(")")
            term = Term(kind, [c] + self.typed_uses()[0])
        elif kind == "br":
            d = self.dest()
            term = Term(kind)
            pending.append((term, [d]))
        elif kind == "cond_br":
            c = self.use()
            self.check_type(c, "i1", t)
            self.expect(",")
            d1 = self.dest()
            self.expect(",")
            d2 = self.dest()
            term = Term(kind, [c])
            pending.append((term, [d1, d2]))
        else:  # switch
            s = self.use()
            self.expect(":")
            if self.type() != "i32":
                self.error("a switch on another type than i32")
            self.check_type(s, "i32", t)
            self.expect(",")
            self.expect("[")
            self.expect("default")
            self.expect(":")
            dests, cases = [self.dest()], []
            while self.accept(","):
                v = self.expect_kind("num")
                if not re.fullmatch(r"-?[0-9]+", v):
                    self.error("a switch case that is not an integer")
                self.expect(":")
                cases.append(int(v))
                dests.append(self.dest())
            self.expect("]")
            term = Term(kind, [s], cases=cases)
            pending.append((term, dests))
        term.line = t.line
        return term

    # -- ops -----------------------------------------------------------------

    def op(self):
        first = self.tok
        res = []
        if first.kind == "value":
            res = self.uses()
            self.expect("=")
        t = self.tok
        if t.kind != "id":
            self.error("expected an op name")
        name = self.next().text
        handler = getattr(self, "op_" + name.replace(".", "_"), None)
        if handler is None:
            if name in ARITH_BIN:
                handler = self.op_arith_bin
            else:
                raise ParseError(t.line, "op %s outside the subset" % name)
        op, rtypes = handler(name, t)
        if len(rtypes) != len(res):
            raise ParseError(first.line, "%s has %d results, not %d" % (
                name, len(rtypes), len(res)))
        for n, c in zip(res, rtypes):
            self.define(n, c, first)
        op.res = list(zip(res, rtypes))
        op.line = first.line
        return op

    def op_arith_constant(self, name, t):
        tok = self.tok
        if tok.text in ("true", "false"):
            self.i += 1
            if self.accept(":") and self.type() != "i1":
                self.error("a boolean constant of another type than i1")
            text = tok.text
            return Op("const", text=text, value=tok.text == "true"), ["i1"]
        num = self.expect_kind("num")
        self.expect(":")
        code = self.type()
        if code == "f32":
            value = float(num)
            text = "%s : f32" % num
        elif code in ("i32", "index") and re.fullmatch(r"-?[0-9]+", num):
            value = int(num)
            text = "%s : %s" % (num, code)
        elif code == "i1" and num in ("0", "1"):
            value = num == "1"
            text = "%s : i1" % num
        else:
            raise ParseError(tok.line, "constant outside the subset")
        return Op("const", text=text, value=value), [code]

    def op_memref_alloc(self, name, t, kind="alloc"):
        self.expect("(")
        self.expect(")")
        self.expect(":")
        if self.type() != "S":
            self.error("an allocation of another type than %s" % cfg_fuzz.TYPES["S"])
        return Op(kind), ["S"]

    def op_memref_alloca(self, name, t):
        return self.op_memref_alloc(name, t, "alloca")

    def op_memref_cast(self, name, t):
        x = self.use()
        self.expect(":")
        src = self.type()
        self.expect("to")
        dst = self.type()
        if src not in ("S", "D") or dst not in ("S", "D"):
            raise ParseError(t.line, "a cast outside the subset")
        self.check_type(x, src, t)
        return Op("cast", opnds=[x]), [dst]

    def op_memref_subview(self, name, t):
        x = self.use()
        for v in ("0", "8", "1"):
            self.expect("[")
            if self.expect_kind("num") != v:
                self.error("a subview outside the subset")
            self.expect("]")
        self.expect(":")
        src = self.type()
        self.expect("to")
        if src not in ("S", "D") or self.type() != "V":
            raise ParseError(t.line, "a subview outside the subset")
        self.check_type(x, src, t)
        return Op("subview", opnds=[x]), ["V"]

    def indexed(self, t):
        m = self.use()
        self.expect("[")
        i = self.use()
        self.expect("]")
        self.expect(":")
        code = self.type()
        if code not in cfg_fuzz.MEMREFS:
            self.error("not a memref type")
        self.check_type(m, code, t)
        self.check_type(i, "index", t)
        return m, i

    def op_memref_load(self, name, t):
        m, i = self.indexed(t)
        return Op("load", opnds=[m, i]), ["f32"]

    def op_memref_store(self, name, t):
        v = self.use()
        self.check_type(v, "f32", t)
        self.expect(",")
        m, i = self.indexed(t)
        return Op("store", opnds=[v, m, i]), []

    def op_memref_dealloc(self, name, t):
        m = self.use()
        self.expect(":")
        code = self.type()
        if code not in cfg_fuzz.MEMREFS:
            self.error("not a memref type")
        self.check_type(m, code, t)
        return Op("dealloc", opnds=[m]), []

    def op_arith_select(self, name, t):
        c = self.use()
        self.expect(",")
        a = self.use()
        self.expect(",")
        b = self.use()
        self.expect(":")
        code = self.type()
        self.check_type(c, "i1", t)
        self.check_type(a, code, t)
        self.check_type(b, code, t)
        return Op("select", opnds=[c, a, b]), [code]

    def op_arith_bin(self, name, t):
        kind, code = ARITH_BIN[name]
        a = self.use()
        self.expect(",")
        b = self.use()
        self.expect(":")
        if self.type() != code:
            self.error("%s on another type than %s" % (name, code))
        self.check_type(a, code, t)
        self.check_type(b, code, t)
        return Op(kind, opnds=[a, b]), [code]

    def op_arith_cmpi(self, name, t):
        pred = self.expect_kind("id")
        if pred not in CMPI_PREDS:
            self.error("a predicate outside the subset")
        self.expect(",")
        a = self.use()
        self.expect(",")
        b = self.use()
        self.expect(":")
        code = self.type()
        if code not in ("i1", "i32", "index"):
            self.error("cmpi on another type")
        self.check_type(a, code, t)
        self.check_type(b, code, t)
        return Op("cmpi", opnds=[a, b], pred=pred), ["i1"]

    def conversion(self, t, src, dst):
        a = self.use()
        self.expect(":")
        if self.type() != src:
            self.error("a conversion from another type than %s" % src)
        self.expect("to")
        if self.type() != dst:
            self.error("a conversion to another type than %s" % dst)
        self.check_type(a, src, t)
        return a

    def op_arith_extui(self, name, t):
        return Op("extui", opnds=[self.conversion(t, "i1", "i32")]), ["i32"]

    def op_arith_index_cast(self, name, t):
        return Op("index_cast", opnds=[self.conversion(t, "i32", "index")]), ["index"]

    def op_func_call(self, name, t):
        callee = self.expect_kind("sym")[1:]
        self.expect("(")
        args = [] if self.at(")") else self.uses()
        self.expect(")")
        self.expect(":")
        atypes = self.paren_types()
        self.expect("->")
        rtypes = self.result_types()
        if len(atypes) != len(args):
            raise ParseError(t.line, "%d operands, %d types" % (len(args), len(atypes)))
        for a, c in zip(args, atypes):
            self.check_type(a, c, t)
        return Op("call", opnds=args, callee=callee), rtypes

    op_call = op_func_call

    def check_yields(self, region, codes, line, kind="yield"):
        for b in region.blocks:
            term = b.term
            if term.kind == kind:
                vals = term.opnds if kind == "yield" else term.opnds[1:]
                if len(vals) != len(codes):
                    raise ParseError(term.line, "yields %d values, the op has %d results"
                                     % (len(vals), len(codes)))
                for n, c in zip(vals, codes):
                    self.check_type(n, c, Tok("value", n, term.line))

    def op_scf_if(self, name, t):
        c = self.use()
        self.check_type(c, "i1", t)
        rtypes = self.result_types() if self.accept("->") else []
        then = self.region(implicit_yield=not rtypes, single_block=True)
        if self.accept("else"):
            els = self.region(implicit_yield=not rtypes, single_block=True)
        elif rtypes:
            self.error("an scf.if with results needs an else region")
        else:
            b = Block("")
            b.term = Term("yield")
            els = Region([b])
        for r in (then, els):
            self.check_yields(r, rtypes, t.line)
        return Op("if", opnds=[c], regions=[then, els]), rtypes

    def op_scf_for(self, name, t):
        iv = self.use()
        self.define(iv, "index", t)
        self.expect("=")
        lb = self.use()
        self.expect("to")
        ub = self.use()
        self.expect("step")
        st = self.use()
        for x in (lb, ub, st):
            self.check_type(x, "index", t)
        iters, inits, rtypes = [], [], []
        if self.accept("iter_args"):
            self.expect("(")
            while True:
                a = self.use()
                self.expect("=")
                inits.append(self.use())
                iters.append(a)
                if self.accept(")"):
                    break
                self.expect(",")
            self.expect("->")
            rtypes = self.result_types()
            if len(rtypes) != len(iters):
                raise ParseError(t.line, "iter_args and result types differ in number")
            for a, i, c in zip(iters, inits, rtypes):
                self.define(a, c, t)
                self.check_type(i, c, t)
        args = [(iv, "index")] + list(zip(iters, rtypes))
        body = self.region(entry_args=args, implicit_yield=not rtypes, single_block=True)
        self.check_yields(body, rtypes, t.line)
        return Op("for", opnds=[lb, ub, st] + inits, regions=[body]), rtypes

    def op_scf_while(self, name, t):
        self.expect("(")
        bargs, inits = [], []
        if not self.accept(")"):
            while True:
                a = self.use()
                self.expect("=")
                inits.append(self.use())
                bargs.append(a)
                if self.accept(")"):
                    break
                self.expect(",")
        self.expect(":")
        itypes = self.paren_types()
        self.expect("->")
        rtypes = self.result_types()
        if len(itypes) != len(bargs):
            raise ParseError(t.line, "operands and types of scf.while differ in number")
        for a, i, c in zip(bargs, inits, itypes):
            self.define(a, c, t)
            self.check_type(i, c, t)
        before = self.region(entry_args=list(zip(bargs, itypes)), exit_kinds=("condition",),
                             single_block=True)
        self.expect("do")
        after = self.region(exit_kinds=("yield",), single_block=True)
        if [c for _, c in after.blocks[0].args] != rtypes:
            raise ParseError(t.line, "the after region's arguments differ from the results")
        self.check_yields(before, rtypes, t.line, kind="condition")
        self.check_yields(after, itypes, t.line)
        return Op("while", opnds=inits, regions=[before, after]), rtypes

    def op_scf_index_switch(self, name, t):
        x = self.use()
        self.check_type(x, "index", t)
        rtypes = self.type_list() if self.accept("->") else []
        cases, regions = [], []
        while self.accept("case"):
            v = self.expect_kind("num")
            if not re.fullmatch(r"-?[0-9]+", v):
                self.error("a case that is not an integer")
            cases.append(int(v))
            regions.append(self.region(implicit_yield=not rtypes, single_block=True))
        self.expect("default")
        default = self.region(implicit_yield=not rtypes, single_block=True)
        for r in [default] + regions:
            self.check_yields(r, rtypes, t.line)
        return Op("index_switch", opnds=[x], regions=[default] + regions, cases=cases), rtypes

    def op_scf_execute_region(self, name, t):
        rtypes = self.result_types() if self.accept("->") else []
        region = self.region()
        self.check_yields(region, rtypes, t.line)
        return Op("exec", regions=[region]), rtypes


def check_dominance(f):
    """Every use is dominated by its definition (MLIR's rule; the
    interpreter's environment is flat): a definition earlier in the block, in
    a block that dominates it, or around the op that holds the region. Blocks
    no path reaches are not checked (nothing runs them)."""
    def region(reg, outer):
        dom, reach = cfg_fuzz.dominators(reg.blocks, 0)
        defs = [{n for n, _ in b.args} | {n for op in b.ops for n, _ in op.res}
                for b in reg.blocks]
        for i, b in enumerate(reg.blocks):
            if i not in reach:
                continue
            vis = set(outer)
            for d in dom[i]:
                if d != i:
                    vis |= defs[d]
            vis |= {n for n, _ in b.args}
            for op in b.ops:
                for n in op.opnds:
                    if n not in vis:
                        raise ParseError(op.line, "%s does not dominate this use" % n)
                for r in op.regions:
                    region(r, vis)
                vis |= {n for n, _ in op.res}
            t = b.term
            for n in list(t.opnds) + [n for _, a in t.succs for n in a]:
                if n not in vis:
                    raise ParseError(t.line, "%s does not dominate this use" % n)
    region(f.body, set())


def parse_module(text):
    """MLIR text of cfg_fuzz's subset -> cfg_fuzz.Module (lines are the
    text's). Raises ParseError for anything outside the subset."""
    return Parser(text).module(text)


def ground_truth_text(text, with_culprits=False):
    """cfg_fuzz.ground_truth of the program `text`: {(rule, line): (function,
    all_paths)}. May raise ParseError, or cfg_fuzz.StepLimit."""
    return cfg_fuzz.ground_truth(parse_module(text), with_culprits=with_culprits)


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description="Prints the exact findings of MLIR files "
                                             "of cfg_fuzz.py's subset.")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    rc = 0
    for path in args.files:
        with open(path) as f:
            text = f.read()
        try:
            truth = ground_truth_text(text)
        except ParseError as e:
            print("%s:%d: error: %s" % (path, e.line, e.msg))
            rc = 2
            continue
        except cfg_fuzz.StepLimit:
            print("%s: error: step limit" % path)
            rc = 2
            continue
        for (rule, line), (fn, all_paths) in sorted(truth.items(), key=lambda x: (x[0][1], x[0][0])):
            print("%s:%d: %s in @%s (%s)" % (path, line, rule, fn,
                                               "every path" if all_paths else "some paths"))
            rc = max(rc, 1)
    return rc


if __name__ == "__main__":
    sys.exit(main())
